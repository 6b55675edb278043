"""The settings: ``/server settings``, how the server runs every game, and ``/<game>
settings``, that game's own rule defaults for new lobbies. Each shows the settings to
anyone and changes them for members with Manage Server.

The server's settings are one command of their own rather than options of every game's
group: Discord counts a command's names, descriptions and choices together, every
subcommand's included, up to 4,000 characters, and each game's group holds a dozen
subcommands beside them."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str

from bot.discord_ui.command_parts import (
    Command,
    Option,
    command,
    declared_option,
    game_option,
    given_value,
    group,
    language_option,
)
from bot.discord_ui.core.settings.handlers import ServerSettings
from bot.games.face import GameFace
from bot.games.rules import AnyRules
from bot.service.feature_registry import discovered, settings_of
from bot.service.guild_settings import (
    AWAY_DAYS,
    LOBBY_TIMEOUT_MINUTES,
    PING_DELAY_SECONDS,
    SERVER_LANGUAGE,
    TURN_TIMEOUT_MINUTES,
    ServerSettingsChange,
)
from bot.storage.records import MINUTE, AwayMode, PingMode
from i18n import N_

PING_CHOICES = (
    Choice(name=locale_str(N_("at every turn")), value=str(PingMode.ALWAYS)),
    Choice(name=locale_str(N_("when away (the default)")), value=str(PingMode.AWAY)),
    Choice(name=locale_str(N_("never")), value=str(PingMode.NEVER)),
)
"""When players may be pinged that it's their turn."""
AWAY_CHOICES = (
    Choice(name=locale_str(N_("the game waits (the default)")), value=str(AwayMode.PAUSE)),
    Choice(name=locale_str(N_("a computer player stands in")), value=str(AwayMode.STAND_IN)),
)
"""What a game may do while someone it waits on is away."""

CHANNEL = app_commands.AppCommandChannel | None
SERVER_OPTIONS = (
    Option(
        N_("turn_timeout"),
        app_commands.Range[int, *TURN_TIMEOUT_MINUTES] | None,
        N_("Minutes a turn may take, up to 10080 (a week; every game)"),
    ),
    Option(
        N_("lobby_timeout"),
        app_commands.Range[int, *LOBBY_TIMEOUT_MINUTES] | None,
        N_("Minutes a lobby waits to be started before it closes itself"),
    ),
    Option(N_("threads"), bool | None, N_("Give each game its own thread")),
    Option(N_("bots"), bool | None, N_("Whether computer players may be added")),
    Option(
        N_("allow_channel"),
        CHANNEL,
        N_("Add a channel games may run in (with none listed, any channel)"),
    ),
    Option(N_("disallow_channel"), CHANNEL, N_("Take a channel off the list of game channels")),
    Option(N_("all_channels"), bool, N_("Clear the list: games may run in any channel"), False),
    language_option(
        N_("The language of the games' messages and pictures in this server"),
        N_("the server's own"),
        SERVER_LANGUAGE,
    ),
    Option(
        N_("move_table"),
        bool | None,
        N_("Move a game's table to the bottom when the channel moves on"),
    ),
    Option(
        N_("pings"),
        str | None,
        N_("When players are pinged that it's their turn"),
        choices=PING_CHOICES,
    ),
    Option(
        N_("ping_delay"),
        app_commands.Range[int, *PING_DELAY_SECONDS] | None,
        N_("Seconds before someone playing along is pinged all the same"),
    ),
    Option(
        N_("away"),
        str | None,
        N_("What a game does while someone it waits on is away"),
        choices=AWAY_CHOICES,
    ),
    Option(
        N_("away_days"),
        app_commands.Range[int, *AWAY_DAYS] | None,
        N_("Days a player may be away at most"),
    ),
)
"""``/server settings``' own options, before the features' declared settings."""


def commands(rules: AnyRules, face: GameFace) -> list[Command]:
    """``settings`` in one game's group: the server's settings shown with the game's own
    rule defaults, which its options change."""
    kind = rules.kind

    async def settings(interaction: discord.Interaction, **given: Any) -> None:
        change = ServerSettingsChange(
            options={name: value for name, value in given.items() if value is not None}
        )
        await ServerSettings.of(interaction).settings(interaction, kind, change)

    return [
        command(
            N_("settings"),
            N_("Show how this server runs games, or change this game's defaults (Manage Server)"),
            settings,
            [game_option(o, N_("{option}: the default for new games")) for o in rules.options],
        )
    ]


def own_commands() -> list[app_commands.Group]:
    """``/server settings``: what the server chooses for every game alike, the features'
    own settings (as they declare them) after the core's."""
    declared = settings_of(discovered()).settings

    async def settings(interaction: discord.Interaction, **given: Any) -> None:
        turn_timeout, lobby_timeout = given["turn_timeout"], given["lobby_timeout"]
        allow, disallow = given["allow_channel"], given["disallow_channel"]
        change = ServerSettingsChange(
            turn_timeout=None if turn_timeout is None else turn_timeout * MINUTE,
            lobby_timeout=None if lobby_timeout is None else lobby_timeout * MINUTE,
            threads=given["threads"],
            bots_allowed=given["bots"],
            allow_channel=None if allow is None else allow.id,
            disallow_channel=None if disallow is None else disallow.id,
            all_channels=given["all_channels"],
            language=given["language"],
            move_table=given["move_table"],
            ping_mode=None if given["pings"] is None else PingMode(given["pings"]),
            ping_delay=given["ping_delay"],
            away_mode=None if given["away"] is None else AwayMode(given["away"]),
            away_days=given["away_days"],
            declared={
                setting.name: given_value(setting, given[setting.name]) for setting in declared
            },
        )
        await ServerSettings.of(interaction).settings(interaction, None, change)

    return [
        group(
            N_("server"),
            N_("How this server runs its games, every game alike"),
            [
                command(
                    N_("settings"),
                    N_("Show how this server runs every game, or change it (Manage Server)"),
                    settings,
                    [*SERVER_OPTIONS, *(declared_option(setting) for setting in declared)],
                )
            ],
        )
    ]
