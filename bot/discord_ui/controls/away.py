"""**I'm back**: on a table while someone is away, and on a player's own answers while
they are; whoever presses it is back from their time away, in every game."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord_ui.components import HandedOver


class BackButton(
    HandedOver,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template="my:back",
):
    """Ends its presser's time away, whoever and wherever they are."""

    def __init__(self, *, label: str = "I'm back") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, emoji="👋", style=discord.ButtonStyle.secondary, custom_id="my:back"
            )
        )

    @classmethod
    def parse(cls, match: re.Match[str]) -> BackButton:
        return cls()
