"""A leaderboard's page button sends the custom_id the bot has always sent, read back
into the same fields (``tests/discord_ui/test_templated_controls.py``)."""

from __future__ import annotations

from bot.features.ladder.discord.components import LadderPageButton
from tests.discord_ui.test_templated_controls import read_back


def test_a_pages_custom_id_is_read_back_into_its_fields() -> None:
    read_back({"claim:ladder:2": LadderPageButton("claim", 2)})
