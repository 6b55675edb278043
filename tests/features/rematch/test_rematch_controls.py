"""A rematch's buttons send the custom_ids the bot has always sent, read back into the
same fields (``tests/discord_ui/test_templated_controls.py``)."""

from __future__ import annotations

from bot.features.rematch.discord.controls import RematchButton, RematchReply, Reply
from tests.discord_ui.test_templated_controls import read_back


def test_a_rematchs_custom_ids_are_read_back_into_their_fields() -> None:
    read_back(
        {
            "claimit:rematch:9223372036854775807": RematchButton("claimit", 2**63 - 1),
            "nuggets:again:0:start": RematchReply("nuggets", 0, Reply.START),
        }
    )
