"""**I'm back**: on a table while someone is away, and on a player's own answers while
they are; whoever presses it is back from their time away, in every game."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.discord_ui.components import Look, TemplatedButton


class BackButton(TemplatedButton["ComesBack"], template="my:back"):
    """Ends its presser's time away, whoever and wherever they are."""

    def __init__(self, *, label: str = "I'm back") -> None:
        super().__init__(Look(label, "👋", discord.ButtonStyle.secondary))

    async def pressed(self, interaction: discord.Interaction, feature: ComesBack) -> None:
        await feature.back(interaction)


class ComesBack(Protocol):
    """What **I'm back** asks of the feature that keeps players' time away."""

    async def back(self, interaction: discord.Interaction) -> None:
        """The presser's time away ends now."""
