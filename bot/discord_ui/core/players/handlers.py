"""``/my games``: every lobby and game of any kind the asker plays in this server, those
waiting on them first, each with whose turn it is, how long is left and a link to its
table; ``/my settings``: how their turn reaches them, in every server, their time zone
and quiet hours, and the settings the features declare; ``/my away``: away until a day,
their games waiting or a computer player standing in meanwhile, as each server chose;
**I'm back** ends it early. All shown to them alone."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import replace

import discord
from discord.app_commands import Choice

from bot.discord_ui.away_words import table_lines
from bot.discord_ui.away_words import until as shown_until
from bot.discord_ui.card_layout import Card, Line, Rows
from bot.discord_ui.context import Context
from bot.discord_ui.core.players.completions import away_days, time_zones
from bot.discord_ui.core.players.controls import BackButton
from bot.discord_ui.core.players.listing import my_games_card, place_names
from bot.discord_ui.core.players.summaries import DailySummaries
from bot.discord_ui.core.players.typed_days import typed_day
from bot.discord_ui.interaction_answers import answer_privately, reveal
from bot.discord_ui.interactions import reader
from bot.discord_ui.message_hooks import MY_GAMES, Adds
from bot.discord_ui.part import LookingPart
from bot.games.face import GOLD
from bot.service.declared_player_settings import DeclaredPlayerSettings
from bot.service.errors import BadSetting
from bot.service.player_settings import KEPT, LONGEST_AWAY_DAYS, Unchanged
from bot.service.player_times import DAY, local, today, zone_of
from bot.storage import Game, Notify, PlayerSettings, QuietHours
from i18n import Language, Message, language

log = logging.getLogger(__name__)

OFF = "off"
"""Quiet hours' start that turns them off."""


class Players(LookingPart, Adds):
    """What is a player's own across every game (its looks send the daily summaries)."""

    looks: DailySummaries

    controls = (BackButton,)

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.settings = context.settings
        self.players = context.service.players
        self.looks = DailySummaries(
            context.service, context.client, context.leases, self.clock, context.owed
        )
        context.hooks.draws_panel(MY_GAMES, self._my_games)

    async def table_rows(self, game: Game, lang: Language) -> Rows:
        """**I'm back** under a table that says someone is away."""
        if not table_lines(game, self.clock.now(), lang):
            return ()
        return ((BackButton(label=lang._("I'm back")),),)

    async def my_games(self, interaction: discord.Interaction) -> None:
        """``/my games``, privately: in a server, the asker's games there; in a direct
        message, in every server they share with the bot, each named."""
        card = await self._my_games(interaction)
        await answer_privately(interaction, card)

    async def _my_games(self, interaction: discord.Interaction) -> Card:
        """What ``/my games`` shows the asker now, with what the features add to it (drawn
        again when a press on one of those changes it: ``MY_GAMES``)."""
        service = self.service
        user = interaction.user.id
        scope = await self.context.conversations.scope(interaction)
        if scope is None:
            ids = await service.games_of_user(user)
        else:
            ids = await service.games_of_member(scope, user)
        games = [await service.game(game_id) for game_id in ids]
        servers = None
        if scope is None:
            servers = await place_names(games, self.client, service.conversations)
        lang = reader(interaction)
        card = my_games_card(games, user, lang, servers, self.clock.now())
        hooks = self.context.hooks
        added = await hooks.my_games_lines(user, scope, lang)
        rows = await hooks.my_games_rows(user, scope, lang)
        card = replace(card, lines=(*card.lines, *added), rows=(*card.rows, *rows))
        return await self._with_back(card, user, lang)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Any interaction: the player's direct messages follow their Discord's language,
        unless they chose one."""
        try:
            await self.players.seen(interaction.user.id, str(interaction.locale))
        except Exception:
            # The language of a later DM is all that is at stake: no answer waits on it.
            log.info("could not note %s's language", interaction.user.id)

    async def my_settings(
        self,
        interaction: discord.Interaction,
        *,
        notify: Notify | None = None,
        summary_at: int | None = None,
        time_zone: str | None = None,
        quiet_from: str | None = None,
        quiet_until: int | None = None,
        written: str | None = None,
        declared: Mapping[str, str | None] | None = None,
    ) -> None:
        """``/my settings``: as they are, or changed. The direct messages are in the
        language chosen, or (``FOLLOW_DISCORD``, or never chosen) the one the asker's
        Discord is in at their last interaction. ``declared`` are the features' settings
        by name, as chosen."""
        players = self.players
        user = interaction.user.id
        lang = reader(interaction)
        asked = (notify, summary_at, time_zone, quiet_from, quiet_until, written)
        declared = declared or {}
        if all(value is None for value in (*asked, *declared.values())):
            settings = await players.get(user)
            said = None
        else:
            before = await players.get(user)
            settings = await players.choose(
                user,
                str(interaction.locale),
                notify=notify,
                language=written,
                time_zone=time_zone,
                summary_hour=summary_at,
                quiet=_quiet(before.quiet, quiet_from, quiet_until),
                declared=declared,
            )
            said = lang._("Saved.")
            wants_zone = settings.notify is Notify.SUMMARY or settings.quiet is not None
            if wants_zone and settings.time_zone is None:
                said += " " + lang._(
                    "Which time zone are you in? Until you say, your hours are UTC's: "
                    "tell me once with /my settings time_zone (type your city)."
                )
        card = settings_card(settings, lang, said, self.clock.now(), players.declared)
        await answer_privately(interaction, await self._with_back(card, user, lang))

    async def my_away(self, interaction: discord.Interaction, until: str | None) -> None:
        """``/my away``: until the end of the day chosen, in every game (each server
        counting at most its own number of days), the games showing it at once; without
        a day, whether the asker is away."""
        players = self.players
        user = interaction.user.id
        lang = reader(interaction)
        if until is None:
            card = away_card(await players.get(user), lang, self.clock.now())
            await answer_privately(interaction, await self._with_back(card, user, lang))
            return
        away = await players.go_away(user, typed_day(until, lang))

        async def answer() -> Card:
            # The games show it before the answer comes: it tells what is so.
            await self._settle(user)
            card = away_card(await players.get(user), lang, self.clock.now())
            scope = await self.context.conversations.scope(interaction)
            if scope is not None:
                most = (await self.settings.get(scope)).away_days
                if away.until > away.since + most * DAY:
                    card = replace_text(
                        card,
                        lang.ngettext(
                            "This server lets its players be away for {n} day at most: here "
                            "you count as back after that.",
                            "This server lets its players be away for {n} days at most: "
                            "here you count as back after that.",
                            most,
                        ),
                    )
            return await self._with_back(card, user, lang)

        await reveal(interaction, answer())

    async def back(self, interaction: discord.Interaction) -> None:
        """**I'm back**: the presser's time away ends now, in every game."""
        lang = reader(interaction)
        if not await self.players.come_back(interaction.user.id):
            await answer_privately(interaction, lang._("You're not away, so nothing changed."))
            return

        async def answer() -> Card:
            await self._settle(interaction.user.id)
            return Card(title=None, text=lang._("👋 Welcome back! Your games count on you again."))

        await reveal(interaction, answer())

    async def _settle(self, user_id: int) -> None:
        """Each of the player's open games shows their time away as it now is."""
        for game_id, _, _ in await self.players.games_with_seat(user_id):
            try:
                await self.games.settle_away(game_id, user_id)
            except Exception:
                # One game that can't show it holds up no other; its next change does.
                log.warning("game %s could not show that %s is away", game_id, user_id)

    async def _with_back(self, card: Card, user_id: int, lang: Language) -> Card:
        """``card`` with **I'm back** under it while the player is away."""
        away = (await self.players.get(user_id)).away
        if away is None or away.until <= self.clock.now():
            return card
        return replace(card, rows=(*card.rows, (BackButton(label=lang._("I'm back")),)))

    async def zone_choices(self, interaction: discord.Interaction, typed: str) -> list[Choice[str]]:
        """The time zones offered as the player types."""
        settings = await self.players.get(interaction.user.id)
        return time_zones(typed, reader(interaction), self.clock.now(), settings.time_zone)

    async def day_choices(self, interaction: discord.Interaction, typed: str) -> list[Choice[str]]:
        """The days offered as the last one away: up to the server's limit (in a DM, to
        the longest any server may allow)."""
        settings = await self.players.get(interaction.user.id)
        most = LONGEST_AWAY_DAYS
        scope = await self.context.conversations.scope(interaction)
        if scope is not None:
            most = (await self.settings.get(scope)).away_days
        first = today(self.clock.now(), settings)
        return away_days(typed, reader(interaction), first, most)


def replace_text(card: Card, line: str) -> Card:
    """``card`` with ``line`` added to its text."""
    return replace(card, text=card.text + "\n" + line)


def _quiet(
    kept: QuietHours | None, start: str | None, end: int | None
) -> QuietHours | Unchanged | None:
    """Quiet hours as chosen: turned off, or from and until the hours given (one given
    alone changes that end of the hours kept)."""
    if start == OFF:
        return None
    if start is None and end is None:
        return KEPT
    first = int(start) if start is not None else None if kept is None else kept.start
    last = end if end is not None else None if kept is None else kept.end
    if first is None or last is None:
        raise BadSetting(Message("quiet hours need both an hour to start and one to end"))
    return QuietHours(first, last)


def away_card(settings: PlayerSettings, lang: Language, now: float) -> Card:
    """Whether the player is away, and until when."""
    away = settings.away
    if away is None or away.until <= now:
        text = lang._(
            "You're not away. Going away for a while? /my away until: your games wait "
            "for you, or a computer player plays your turns, as each server chose."
        )
    else:
        text = lang._(
            "💤 You're away until {when}. Nobody pings you or writes to you meanwhile; "
            "each game waits for you, or a computer player plays your turns, as its server "
            "chose.",
            when=shown_until(away.until),
        )
    return Card(title=lang._("💤 Away"), text=text, accent=GOLD)


def settings_card(
    settings: PlayerSettings,
    lang: Language,
    said: str | None,
    now: float,
    declared: DeclaredPlayerSettings,
) -> Card:
    """A player's settings in words, with how to change them: the core's, then the
    features' ``declared`` settings."""
    how = {
        Notify.CHANNEL: lang._("a ping in the game's channel, as its server pings"),
        Notify.DM: lang._("a direct message from the bot, and no ping in the channel"),
        Notify.BOTH: lang._("a direct message and a ping in the game's channel"),
        Notify.SUMMARY: lang._(
            "a direct message every day at {hour}, listing the games waiting for you (and one "
            "shortly before a turn of yours runs out)",
            hour=f"{settings.summary_hour:02}:00",
        ),
        Notify.NONE: lang._("nothing: you look at your games yourself (/my games)"),
    }[settings.notify]
    lines = [Line(lang._("Your turn reaches you"), how)]
    zone = zone_of(settings)
    clock = local(now, zone).strftime("%H:%M")
    lines.append(
        Line(
            lang._("Time zone"),
            lang._("{zone} (it's {time} there now)", zone=settings.time_zone, time=clock)
            if settings.time_zone is not None
            else lang._("not told yet, so UTC (it's {time} there now)", time=clock),
            inline=True,
        )
    )
    quiet = settings.quiet
    lines.append(
        Line(
            lang._("Quiet hours"),
            lang._("none")
            if quiet is None
            else lang._(
                "{start}–{end}: your turn reaches you then without a sound",
                start=f"{quiet.start:02}:00",
                end=f"{quiet.end:02}:00",
            ),
            inline=True,
        )
    )
    if settings.notify.writes:
        spoken = language(settings.locale)
        written = spoken.name_in(lang)
        if not settings.locale_chosen:
            written = lang._("{language} (your Discord's)", language=written)
        lines.append(Line(lang._("Direct messages in"), written, inline=True))
    if settings.away is not None and settings.away.until > now:
        lines.append(Line(lang._("Away"), shown_until(settings.away.until), inline=True))
    lines += (
        Line(title, value, inline=not wide) for title, value, wide in declared.lines(settings, lang)
    )
    text = lang._("Change it with /my settings; be away with /my away.")
    if settings.notify.writes and settings.dms_closed:
        text = (
            lang._(
                "Your direct messages are closed to this bot, so you are pinged in the "
                "channel instead. Open them (the server's Privacy Settings), then choose "
                "again."
            )
            + "\n"
            + text
        )
    return Card(
        title=lang._("⚙️ Your settings"), text=text, accent=GOLD, lines=tuple(lines), note=said
    )
