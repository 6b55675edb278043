"""Unfollow sends the custom_ids the bot has always sent, on a follow's answer and in
``/my games``, read back into the same fields
(``tests/discord_ui/test_templated_controls.py``)."""

from __future__ import annotations

from bot.features.following.discord.controls import UnfollowButton
from tests.discord_ui.test_templated_controls import read_back


def test_unfollows_custom_ids_are_read_back_into_their_fields() -> None:
    read_back(
        {
            "claim:unfollow:7": UnfollowButton("claim", 7),
            "claim:unfollow:7:games": UnfollowButton("claim", 7, listed=True),
        }
    )
