"""💡 **Hint** under the table of a game with hints. The game's kind and id and the
version the table showed are all its custom_id holds: a press is of that position."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.discord_ui.components import GameButton, Look


class HintButton(GameButton["HintGiver"], template="{kind}:hint:{game}:{version}"):
    """The player to act asks, privately, what each of their options is worth."""

    look = Look("Hint", "💡", discord.ButtonStyle.secondary)
    calls = "hint"

    def __init__(self, kind: str, game: int, version: int, *, label: str | None = None) -> None:
        self.version = version
        super().__init__(kind, game, label=label)


class HintGiver(Protocol):
    """What **Hint** asks of the feature that gives hints."""

    async def hint(self, interaction: discord.Interaction, button: HintButton) -> None:
        """The presser's hint, to them alone."""
