"""``/<game> follow``: a game of this server followed by its number, from anywhere."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord_ui.command_parts import REQUIRED, Command, Option, command
from bot.features.following.discord.handlers import Follows
from bot.games.face import GameFace
from bot.games.rules import AnyRules
from i18n import N_


def commands(rules: AnyRules, face: GameFace) -> list[Command]:
    """``follow`` in one game's group."""
    kind = rules.kind

    async def follow(interaction: discord.Interaction, number: int) -> None:
        await Follows.of(interaction).follow_numbered(interaction, kind, number)

    return [
        command(
            N_("follow"),
            N_("Hear of a game of this server by direct message: its end, or each round's"),
            follow,
            [
                Option(
                    N_("number"),
                    app_commands.Range[int, 1, 1_000_000_000],
                    N_("The game's number in this server (as its table shows)"),
                    REQUIRED,
                )
            ],
        ),
    ]
