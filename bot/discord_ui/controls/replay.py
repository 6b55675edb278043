"""The Replay button on a game's result: the game's kind and id are all its custom_id
holds."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord_ui.components import GAME, KIND, HandedOver


class ReplayButton(
    HandedOver,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=f"{KIND}:replay:{GAME}",
):
    """On a finished game's result: shows the presser the game's replay, privately."""

    def __init__(self, kind: str, game: int, *, label: str = "Replay") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="🎞️",
                style=discord.ButtonStyle.secondary,
                custom_id=f"{kind}:replay:{game}",
            )
        )
        self.kind, self.game = kind, game

    @classmethod
    def parse(cls, match: re.Match[str]) -> ReplayButton:
        return cls(match["kind"], int(match["game"]))
