"""The Share button on a replay shown privately: the game's kind and id are all its
custom_id holds."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord_ui.components import GAME, KIND, HandedOver


class ShareReplayButton(
    HandedOver,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=f"{KIND}:share:{GAME}",
):
    """On a replay shown to one person: posts it in the channel for everybody."""

    def __init__(
        self, kind: str, game: int, *, label: str = "Share", disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="📣",
                style=discord.ButtonStyle.primary,
                disabled=disabled,
                custom_id=f"{kind}:share:{game}",
            )
        )
        self.kind, self.game = kind, game

    @classmethod
    def parse(cls, match: re.Match[str]) -> ShareReplayButton:
        return cls(match["kind"], int(match["game"]))
