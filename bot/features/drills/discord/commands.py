"""``/<game> drills [theme]`` (that game's drills due, of one kind of decision where
asked) and ``/my drills`` (every game's, and how they go)."""

from __future__ import annotations

import discord
from discord.app_commands import Choice, locale_str

from bot.discord_ui.command_parts import Command, Option, command
from bot.features.drills.discord.handlers import Drilling
from bot.features.drills.themes import game_themes
from bot.games.face import GameFace
from bot.games.rules import AnyRules
from i18n import N_

DRILLS = N_("drills")


def commands(rules: AnyRules, face: GameFace) -> list[Command]:
    """``drills`` in one game's group."""
    kind = rules.kind

    async def drills(interaction: discord.Interaction, theme: str | None = None) -> None:
        await Drilling.of(interaction).game_drills(interaction, kind, theme)

    themes = [
        Choice(name=locale_str(name), value=theme) for theme, name in game_themes(kind).items()
    ]
    return [
        command(
            DRILLS,
            N_("This game's drills due today: positions of your own mistakes, only you see them"),
            drills,
            [
                Option(
                    N_("theme"),
                    str | None,
                    N_("Only drills of this kind of decision"),
                    None,
                    themes,
                )
            ],
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
