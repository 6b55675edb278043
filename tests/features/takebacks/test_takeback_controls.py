"""The answers to a take-back's request: the custom_id the bot has always sent, read back
into the same fields, and a yes-or-no pair to see
(``tests/discord_ui/test_templated_controls.py``)."""

from __future__ import annotations

import discord

from bot.features.takebacks.discord.controls import Answer, TakebackAnswer
from tests.discord_ui.test_templated_controls import looks, read_back


def test_an_answers_custom_id_is_read_back_into_its_fields() -> None:
    read_back({"claim:takeback:7:2:refuse": TakebackAnswer("claim", 7, 2, Answer.REFUSE)})


def test_agree_shows_green_with_its_emoji_and_refuse_grey_with_its_own() -> None:
    assert looks(
        TakebackAnswer("claim", 1, 2, Answer.AGREE, label="Agree"),
        TakebackAnswer("claim", 1, 2, Answer.REFUSE, label="Refuse"),
    ) == [
        ("Agree", "✅", discord.ButtonStyle.success),
        ("Refuse", "✖️", discord.ButtonStyle.secondary),
    ]
