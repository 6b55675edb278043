"""``/<game> analysis``."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.discord_ui.command_parts import Command, command, param
from bot.features.analysis.discord.handlers import Reports
from bot.games.face import GameFace
from bot.games.rules import AnyRules
from i18n import N_


def commands(rules: AnyRules, face: GameFace) -> list[Command]:
    """``analysis`` in one game's group."""
    kind = rules.kind

    async def analysis(interaction: discord.Interaction, game: int | None = None) -> None:
        await Reports.of(interaction).command(interaction, kind, game)

    return [
        command(
            N_("analysis"),
            N_("What decided a finished game: each player's luck beside their decisions"),
            analysis,
            [param(N_("game"), app_commands.Range[int, 1, 1_000_000_000] | None, None)],
            {
                "game": locale_str(
                    N_("The game's number in this server (the last one here if unset)")
                )
            },
        ),
    ]
