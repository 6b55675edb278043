"""**Follow** under a table, and **Unfollow** wherever a follow is shown."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.discord_ui.components import GameButton, Look, Part


class FollowButton(GameButton["FollowKeeper"], template="{kind}:follow:{game}"):
    """Under a table being played: whoever sees it follows the game."""

    look = Look("Follow", "🔔", discord.ButtonStyle.secondary)
    calls = "follow"


class UnfollowButton(
    GameButton["FollowKeeper"],
    template="{kind}:unfollow:{game}{listed}",
    parts={"listed": Part("(?::games)?", bool, lambda listed: ":games" if listed else "")},
):
    """On the answer to a follow, and in ``/my games`` (``listed``, whose list is drawn
    again without the game): the presser drops the follow."""

    look = Look("Unfollow", "🔕", discord.ButtonStyle.secondary)
    calls = "unfollow"

    def __init__(
        self, kind: str, game: int, *, label: str | None = None, listed: bool = False
    ) -> None:
        self.listed = listed
        super().__init__(kind, game, label=label)


class FollowKeeper(Protocol):
    """What the follow buttons ask of the feature that keeps follows."""

    async def follow(self, interaction: discord.Interaction, button: FollowButton) -> None:
        """The presser follows the game."""

    async def unfollow(self, interaction: discord.Interaction, button: UnfollowButton) -> None:
        """The presser no longer follows the game."""
