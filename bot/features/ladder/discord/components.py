"""The page buttons of a leaderboard: the game and the page are all a custom_id holds."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.discord_ui.components import Look, TemplatedButton, number


class LadderPageButton(
    TemplatedButton["PageTurner"], template="{kind}:ladder:{page}", parts={"page": number(999_999)}
):
    """Turns the asker's leaderboard of a game to another page; the game and the page are
    all the custom_id holds."""

    calls = "turn_page"

    def __init__(self, kind: str, page: int, *, label: str = "", disabled: bool = False) -> None:
        self.kind, self.page = kind, page
        super().__init__(
            Look(label or f"Page {page}", style=discord.ButtonStyle.secondary, disabled=disabled)
        )


class PageTurner(Protocol):
    """What a leaderboard's page button asks of the feature that shows the ladder."""

    async def turn_page(self, interaction: discord.Interaction, button: LadderPageButton) -> None:
        """Turns the presser's leaderboard to the button's page."""
