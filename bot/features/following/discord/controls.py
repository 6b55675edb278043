"""**Follow** under a table, and **Unfollow** wherever a follow is shown."""

from __future__ import annotations

from typing import Any, Protocol

import discord

from bot.discord_ui.components import GAME, KIND, Pressable


class FollowButton(
    Pressable["FollowKeeper"],
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=f"{KIND}:follow:{GAME}",
):
    """Under a table being played: whoever sees it follows the game."""

    def __init__(self, kind: str, game: int, *, label: str = "Follow") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="🔔",
                style=discord.ButtonStyle.secondary,
                custom_id=f"{kind}:follow:{game}",
            )
        )
        self.kind, self.game = kind, game

    async def pressed(self, interaction: discord.Interaction, feature: FollowKeeper) -> None:
        await feature.follow(interaction, self)


class UnfollowButton(
    Pressable["FollowKeeper"],
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=f"{KIND}:unfollow:{GAME}(?P<listed>:games)?",
):
    """On the answer to a follow, and in ``/my games`` (``listed``, whose list is drawn
    again without the game): the presser drops the follow."""

    def __init__(
        self, kind: str, game: int, *, label: str = "Unfollow", listed: str | bool | None = None
    ) -> None:
        self.listed = bool(listed)
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="🔕",
                style=discord.ButtonStyle.secondary,
                custom_id=f"{kind}:unfollow:{game}{':games' if self.listed else ''}",
            )
        )
        self.kind, self.game = kind, game

    async def pressed(self, interaction: discord.Interaction, feature: FollowKeeper) -> None:
        await feature.unfollow(interaction, self)


class FollowKeeper(Protocol):
    """What the follow buttons ask of the feature that keeps follows."""

    async def follow(self, interaction: discord.Interaction, button: FollowButton) -> None:
        """The presser follows the game."""

    async def unfollow(self, interaction: discord.Interaction, button: UnfollowButton) -> None:
        """The presser no longer follows the game."""
