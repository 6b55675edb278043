"""The one place an interaction's client is taken to be this bot."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import discord

if TYPE_CHECKING:
    from bot.discord_ui.client import GameBot


def game_bot(interaction: discord.Interaction) -> GameBot:
    """The bot the interaction came to. discord.py types it as any client; every
    interaction this code handles came to a ``GameBot``, which registers the handlers."""
    return cast("GameBot", interaction.client)
