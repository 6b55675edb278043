"""**🔄 Show it here**, on a conversation's message that stopped following its game."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.discord_ui.components import GameButton, Look


class ShowHere(GameButton["ShowsHere"], template="{kind}:here:{game}"):
    """On a conversation's message left saying that the game goes on on the board: the
    game as it stands, shown there again, which then follows it again."""

    look = Look("Show it here", "🔄", discord.ButtonStyle.secondary)
    calls = "show_here"


class ShowsHere(Protocol):
    """What the button asks of the part."""

    async def show_here(self, interaction: discord.Interaction, button: ShowHere) -> None:
        """Shows the game on the pressed message, which follows it from now on."""
