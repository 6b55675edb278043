"""``/server settings`` and ``/<game> settings``: show how this server runs its games
(anyone) or change it (Manage Server). Everything but a game's own rule options is shared
by every game, and changed with ``/server settings``."""

from __future__ import annotations

from dataclasses import replace

import discord

from bot.discord_ui import game_notes
from bot.discord_ui.card_layout import Card, Line
from bot.discord_ui.context import Languages
from bot.discord_ui.interaction_answers import answer_privately
from bot.discord_ui.interactions import reader
from bot.discord_ui.limits import FIELD_VALUE, joined_within
from bot.discord_ui.part import Part
from bot.discord_ui.permissions import missing_threads
from bot.games.faces import face_for
from bot.games.registry import GAMES, rules_for
from bot.service import GuildSettingsService
from bot.service.declared_settings import DeclaredSettings
from bot.service.errors import NotAllowedToConfigure, own_slash, slash
from bot.service.feature_registry import discovered, settings_of
from bot.service.guild_settings import ServerSettingsChange, asks_nothing
from bot.storage import AwayMode, GuildSettings, PingMode
from i18n import Language


class ServerSettings(Part):
    """How a server runs its games, shown to anyone and changed by its managers."""

    async def settings(
        self, interaction: discord.Interaction, kind: str | None, change: ServerSettingsChange
    ) -> None:
        """``/<game> settings`` (``kind``) or ``/server settings`` (``None``): shows how
        the server runs its games, or changes it."""
        await server_settings(
            interaction, self.context.settings, self.languages, kind, change, self.clock.now()
        )


async def server_settings(
    interaction: discord.Interaction,
    settings_service: GuildSettingsService,
    languages: Languages,
    kind: str | None,
    change: ServerSettingsChange,
    now: float,
) -> None:
    """Shows the server's settings to anyone, or saves a change by someone with Manage Server,
    and answers with the settings as they now are (``now`` names the season it is): with
    ``kind``, that game's rule defaults and the rest; without, what every game shares."""
    # Anyone may look; the command is visible to everyone (Discord can't restrict one
    # sub-command), so the permission to change is checked here.
    shown_only = asks_nothing(change)
    if not shown_only and not interaction.permissions.manage_guild:
        raise NotAllowedToConfigure(None if kind is None else face_for(kind).command)
    assert interaction.guild_id is not None
    lang = reader(interaction)
    if shown_only:
        settings = await settings_service.get(interaction.guild_id)
    else:
        settings = await settings_service.change(interaction.guild_id, kind=kind, **change)
    heading = _heading(kind, saved=not shown_only, lang=lang)
    public = await languages.of_server(interaction.guild_id)
    card = settings_card(settings, kind, heading, lang, public, now, settings_service.declared)
    missing = missing_threads(interaction.app_permissions, lang)
    if settings.threads and missing:
        note = Line(
            lang._("Note"),
            lang._(
                "In this channel I'm missing {permissions}, so games here run without a thread.",
                permissions=lang.list(missing),
            ),
        )
        card = replace(card, lines=(*card.lines, note))
    await answer_privately(interaction, card)


def _heading(kind: str | None, *, saved: bool, lang: Language) -> str:
    """What the answer says first: what it shows, or what was saved and for which games."""
    if kind is None and saved:
        return lang._(
            "Saved for every game on this server. New games follow these settings; running "
            "games keep theirs, but where their tables go and who is pinged change at once."
        )
    if kind is None:
        return lang._("How this server runs its games, every game alike.")
    title = face_for(kind).title
    if saved:
        return lang._("Saved: new {title} games start with these rules.", title=title)
    return lang._("How this server runs its games, and its defaults for {title}.", title=title)


def _pings(settings: GuildSettings, lang: Language) -> str:
    if settings.ping_mode is PingMode.ALWAYS:
        return lang._("at every turn")
    if settings.ping_mode is PingMode.NEVER:
        return lang._("never")
    return lang._("when away (playing along: after {seconds} s)", seconds=settings.ping_delay)


def _away(settings: GuildSettings, lang: Language) -> str:
    days = lang.ngettext("{n} day", "{n} days", settings.away_days)
    if settings.away_mode is AwayMode.STAND_IN:
        return lang._("a computer player plays their turns (for {days} at most)", days=days)
    return lang._("the game waits for them (for {days} at most)", days=days)


def settings_card(
    settings: GuildSettings,
    kind: str | None,
    heading: str,
    lang: Language,
    public: Language,
    now: float | None = None,
    declared: DeclaredSettings | None = None,
) -> Card:
    """The settings in ``lang`` (with ``kind``, that game's rule defaults first); ``public``
    is the language the server's games speak; ``now``, when given, names the season it
    is; ``declared`` are the features' settings shown (the features found, if not
    given)."""
    if declared is None:
        declared = settings_of(discovered())
    lines: list[Line] = []
    if kind is not None:
        face, rules = face_for(kind), rules_for(kind)
        defaults = {o.name: o.default for o in rules.options} | dict(settings.options_for(kind))
        fields = face.option_fields(defaults, lang)
        lines += [Line(name, value, inline=True) for name, value in fields]
    spoken = public.name_in(lang)
    mentions = [f"<#{c}>" for c in sorted(settings.channels)]
    more = lang._("and {more} more", more="{}")
    channels = joined_within(mentions, FIELD_VALUE, ", ", more) or lang._("any channel")
    lines += [
        Line(lang._("Turn time"), game_notes.minutes(settings.turn_timeout, lang), inline=True),
        Line(
            lang._("Lobby closes after"),
            game_notes.minutes(settings.lobby_timeout, lang),
            inline=True,
        ),
        Line(
            lang._("Threads"),
            lang._("a thread per game") if settings.threads else lang._("off"),
            inline=True,
        ),
        Line(
            lang._("Computer players"),
            lang._("allowed") if settings.bots_allowed else lang._("not allowed"),
            inline=True,
        ),
        Line(
            lang._("Language"),
            lang._("{language} (the server's own)", language=spoken)
            if settings.language is None
            else spoken,
            inline=True,
        ),
        Line(
            lang._("Table"),
            lang._("moves to the bottom") if settings.move_table else lang._("stays where it is"),
            inline=True,
        ),
        Line(lang._("Pings"), _pings(settings, lang), inline=True),
        Line(lang._("Someone away"), _away(settings, lang), inline=True),
        *(Line(name, value, inline=True) for name, value in declared.lines(settings, lang, now)),
        Line(lang._("Game channels"), channels),
    ]
    server = lang.say(own_slash("server", "settings"))
    if kind is None:
        title = lang._("Server settings")
        games = lang.list([lang.say(slash(face_for(k).command, "settings")) for k in GAMES])
        footer = lang._(
            "Members with Manage Server change them with the options of {server}; each "
            "game's rule defaults with {games}.",
            server=server,
            games=games,
        )
    else:
        title = lang._("{title} · server settings", title=face_for(kind).title)
        footer = lang._(
            "Members with Manage Server change this game's defaults with the options of "
            "{settings}, and the rest, for every game alike, with {server}.",
            settings=lang.say(slash(face_for(kind).command, "settings")),
            server=server,
        )
    return Card(title=title, text=heading, lines=tuple(lines), footer=footer)
