"""The board's part in Discord: **Open the board** under a table."""

from bot.discord_ui.part import Declaration
from bot.features.board.discord.handlers import Board

PART = Declaration(Board)
"""**Open the board** (its custom_id holds the game's kind and id)."""
