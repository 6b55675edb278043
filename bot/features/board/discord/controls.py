"""**Open the board** under a table."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.discord_ui.components import GameButton, Look


class BoardButton(GameButton["BoardOpener"], template="{kind}:board:{game}"):
    """Under a table being played: opens the app's Activity on that game for the presser."""

    look = Look("Open the board", "▶️", discord.ButtonStyle.secondary)
    calls = "open_board"


class BoardOpener(Protocol):
    """What the board's button asks of the feature."""

    async def open_board(self, interaction: discord.Interaction, button: BoardButton) -> None:
        """Opens the board on the game for the presser."""
