"""``/<game> settings``: show how this server runs its games (anyone) or change it
(Manage Server). Everything but a game's own rule options is shared by every game."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

import discord

from bot.discord_ui import text
from bot.discord_ui.flow import GameFlow
from bot.discord_ui.limits import FIELD_VALUE, joined_within
from bot.discord_ui.permissions import THREADS
from bot.games.faces import face_for
from bot.games.registry import rules_for
from bot.games.rules import Options
from bot.service.errors import NotAllowedToConfigure
from bot.storage import GuildSettings


@dataclass(frozen=True)
class ServerSettingsChange:
    """What the admin asked to change; ``None`` keeps a value. Timeouts in seconds."""

    options: Options = field(default_factory=dict)
    """The game's own rule options, as defaults for its new lobbies."""
    turn_timeout: int | None = None
    lobby_timeout: int | None = None
    threads: bool | None = None
    bots_allowed: bool | None = None
    allow_channel: int | None = None
    disallow_channel: int | None = None
    all_channels: bool = False

    @property
    def is_empty(self) -> bool:
        return all(value in (None, False, {}) for value in asdict(self).values())


async def server_settings(
    interaction: discord.Interaction, flow: GameFlow, kind: str, change: ServerSettingsChange
) -> None:
    face = face_for(kind)
    # Anyone may look; the command is visible to everyone (Discord can't restrict one
    # sub-command), so the permission to change is checked here.
    if not change.is_empty and not interaction.permissions.manage_guild:
        raise NotAllowedToConfigure(face.command)
    assert interaction.guild_id is not None
    if change.is_empty:
        settings = await flow.settings.get(interaction.guild_id)
        heading = f"How this server runs its games, and its defaults for {face.title}."
    else:
        settings = await flow.settings.change(interaction.guild_id, kind=kind, **asdict(change))
        heading = "Saved. New games follow these settings; running games keep theirs."
    embed = settings_embed(settings, kind, heading)
    missing = [label for flag, label in THREADS if not getattr(interaction.app_permissions, flag)]
    if settings.threads and missing:
        embed.add_field(
            name="Note",
            value=f"In this channel I'm missing {' and '.join(missing)}, "
            "so games here run without a thread.",
            inline=False,
        )
    await interaction.response.send_message(embed=embed, ephemeral=True)


def settings_embed(settings: GuildSettings, kind: str, heading: str) -> discord.Embed:
    face, rules = face_for(kind), rules_for(kind)
    embed = discord.Embed(title=f"{face.title} · server settings", description=heading)
    defaults = {o.name: o.default for o in rules.options} | dict(settings.options_for(kind))
    for name, value in face.option_fields(defaults):
        embed.add_field(name=name, value=value)
    embed.add_field(name="Turn time", value=text.minutes(settings.turn_timeout))
    embed.add_field(name="Lobby closes after", value=text.minutes(settings.lobby_timeout))
    embed.add_field(name="Threads", value="a thread per game" if settings.threads else "off")
    embed.add_field(
        name="Computer players", value="allowed" if settings.bots_allowed else "not allowed"
    )
    mentions = [f"<#{c}>" for c in sorted(settings.channels)]
    channels = joined_within(mentions, FIELD_VALUE, ", ", "and {} more") or "any channel"
    embed.add_field(name="Game channels", value=channels, inline=False)
    embed.set_footer(
        text="Members with Manage Server change them with the options of "
        f"/{face.command} settings; all but the rule options apply to every game."
    )
    return embed
