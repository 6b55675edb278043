"""The page buttons of a leaderboard: the game and the page are all a custom_id holds."""

from __future__ import annotations

from typing import Any, Protocol

import discord

from bot.discord_ui.components import KIND, Pressable, whole_up_to


class LadderPageButton(
    Pressable["PageTurner"],
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=f"{KIND}:ladder:(?P<page>{whole_up_to(999_999)})",
):
    """Turns the asker's leaderboard of a game to another page; the game and the page are
    all the custom_id holds."""

    def __init__(self, kind: str, page: int, *, label: str = "", disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or f"Page {page}",
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
                custom_id=f"{kind}:ladder:{page}",
            )
        )
        self.kind, self.page = kind, page

    async def pressed(self, interaction: discord.Interaction, feature: PageTurner) -> None:
        await feature.turn_page(interaction, self)


class PageTurner(Protocol):
    """What a leaderboard's page button asks of the feature that shows the ladder."""

    async def turn_page(self, interaction: discord.Interaction, button: LadderPageButton) -> None:
        """Turns the presser's leaderboard to the button's page."""
