"""``/<game> new``: a lobby for a new game, with the game's own rule options."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.discord_ui.command_parts import Command, choices, command, game_option, localized, param
from bot.discord_ui.core.lobby.handlers import Lobbies
from bot.features.reliability.settings import RELIABILITY_PERCENT
from bot.games.face import GameFace
from bot.games.rules import AnyRules
from bot.service.guild_settings import TURN_TIMEOUT_MINUTES
from bot.storage.records import MINUTE
from i18n import N_, Message

TURN_LOW, TURN_HIGH = TURN_TIMEOUT_MINUTES


def commands(rules: AnyRules, face: GameFace) -> list[Command]:
    """``new`` in one game's group, with the game's own rule options."""
    kind = rules.kind
    most = rules.max_players - 1

    async def new(interaction: discord.Interaction, **given: Any) -> None:
        options = {o.name: given.pop(o.name) for o in rules.options}
        turn_timeout = given["turn_timeout"]
        await Lobbies.of(interaction).new_game(
            interaction,
            kind=kind,
            options={name: value for name, value in options.items() if value is not None},
            bots=given["bots"],
            bot_level=given["bot_level"],
            turn_timeout=None if turn_timeout is None else turn_timeout * MINUTE,
            min_reliability=given["reliability"],
            invite=given["invite"],
            private=bool(given["private"]),
        )

    percent = app_commands.Range[int, *RELIABILITY_PERCENT] | None
    return [
        command(
            N_("new"),
            N_("Open a lobby for a new game in this channel"),
            new,
            [
                *(game_option(o) for o in rules.options),
                param(N_("bots"), app_commands.Range[int, 0, most], 0),
                param(N_("bot_level"), str, "normal"),
                param(
                    N_("turn_timeout"), app_commands.Range[int, TURN_LOW, TURN_HIGH] | None, None
                ),
                param(N_("reliability"), percent, None),
                param(N_("invite"), discord.User | None, None),
                param(N_("private"), bool | None, None),
            ],
            {
                **{
                    o.name: localized(
                        N_("{option} (default: server's)"), option=Message(o.description)
                    )
                    for o in rules.options
                },
                "bots": localized(N_("Computer players to seat at once (0-{most})"), most=most),
                "bot_level": locale_str(N_("How well they play")),
                "turn_timeout": locale_str(
                    N_("Minutes a turn may take, up to 10080 (a week; server default if unset)")
                ),
                "reliability": locale_str(
                    N_("The reliability in percent a player needs to join (0-100; 0: none)")
                ),
                "invite": locale_str(
                    N_("A private table: invite this player (more from the lobby)")
                ),
                "private": locale_str(N_("A private table: only those you invite can join")),
            },
            {
                **{o.name: choices(o.choices) for o in rules.options if o.choices},
                "bot_level": choices((N_("easy"), N_("normal"), N_("hard"))),
            },
        )
    ]
