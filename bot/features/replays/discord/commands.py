"""``/<game> replay``."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.discord_ui.command_parts import Command, command, param
from bot.features.replays.discord.handlers import Replays
from bot.games.face import GameFace
from bot.games.rules import AnyRules
from i18n import N_


def commands(rules: AnyRules, face: GameFace) -> list[Command]:
    """``replay`` in one game's group."""
    kind = rules.kind

    async def replay(interaction: discord.Interaction, game: int | None = None) -> None:
        await Replays.of(interaction).command(interaction, kind, game)

    return [
        command(
            N_("replay"),
            N_("Watch a finished game again as an animation (only you see it)"),
            replay,
            [param(N_("game"), app_commands.Range[int, 1, 1_000_000_000] | None, None)],
            {
                "game": locale_str(
                    N_("The game's number in this server (the last one here if unset)")
                )
            },
        ),
    ]
