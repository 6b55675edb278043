"""``/<game> cancel`` and ``leave``."""

from __future__ import annotations

import discord

from bot.discord_ui.command_parts import Command, command
from bot.discord_ui.core.leaving.handlers import Leaving
from bot.games.face import GameFace
from bot.games.rules import AnyRules
from i18n import N_


def commands(rules: AnyRules, face: GameFace) -> list[Command]:
    """``cancel`` and ``leave`` in one game's group."""
    kind = rules.kind

    async def cancel(interaction: discord.Interaction) -> None:
        await Leaving.of(interaction).cancel(interaction, kind)

    async def leave(interaction: discord.Interaction) -> None:
        await Leaving.of(interaction).leave(interaction, kind)

    return [
        command(
            N_("cancel"),
            N_("End the game here, unrated (host or Manage Messages)"),
            cancel,
            in_conversations=True,
        ),
        command(
            N_("leave"),
            N_("Leave the game here (a computer player takes your seat)"),
            leave,
            in_conversations=True,
        ),
    ]
