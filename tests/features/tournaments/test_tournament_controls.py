"""The buttons of a tournament's announcement: the custom_id the bot has always sent,
read back into the same fields, and a yes-or-no pair to see
(``tests/discord_ui/test_templated_controls.py``)."""

from __future__ import annotations

import discord

from bot.features.tournaments.discord.controls import EntryAction, EntryButton
from tests.discord_ui.test_templated_controls import looks, read_back


def test_an_entrys_custom_id_is_read_back_into_its_fields() -> None:
    read_back({"tournament:3:leave": EntryButton(3, EntryAction.LEAVE)})


def test_sign_up_shows_green_with_its_emoji_and_leave_grey_without_one() -> None:
    assert looks(
        EntryButton(3, EntryAction.JOIN, label="Sign up"),
        EntryButton(3, EntryAction.LEAVE, label="Leave"),
    ) == [
        ("Sign up", "✍️", discord.ButtonStyle.success),
        ("Leave", None, discord.ButtonStyle.secondary),
    ]
