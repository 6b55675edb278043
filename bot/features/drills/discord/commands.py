"""``/<game> drills`` (that game's drills due) and ``/my drills`` (every game's, and how
they go)."""

from __future__ import annotations

import discord

from bot.discord_ui.command_parts import Command, command
from bot.features.drills.discord.handlers import Drilling
from bot.games.face import GameFace
from bot.games.rules import AnyRules
from i18n import N_

DRILLS = N_("drills")


def commands(rules: AnyRules, face: GameFace) -> list[Command]:
    """``drills`` in one game's group."""
    kind = rules.kind

    async def drills(interaction: discord.Interaction) -> None:
        await Drilling.of(interaction).game_drills(interaction, kind)

    return [
        command(
            DRILLS,
            N_("This game's drills due today: positions of your own mistakes, only you see them"),
            drills,
        )
    ]


def my_commands() -> list[Command]:
    """``drills`` in ``/my``."""

    async def drills(interaction: discord.Interaction) -> None:
        await Drilling.of(interaction).my_drills(interaction)

    return [
        command(
            DRILLS,
            N_("Your drills due today over every game, and how your decisions are going"),
            drills,
        )
    ]
