"""Whole games through Discord: from /claimit new to the result table, by clicking."""

from __future__ import annotations

import functools
import random
import re

import pytest

from emulator import Message
from tests.e2e.world import World, board_png, note_of, pick_button, text_of, title_of

# Whole games by clicking: the few end-to-end runs on PostgreSQL too.
pytestmark = pytest.mark.both_databases


def player_to_move(world: World, message: Message) -> int:
    """Whom the turn's card names above it, as it goes on naming them through the turn."""
    (user_id,) = re.findall(r"<@(\d+)>", note_of(message))
    return int(user_id)


def is_result(message: Message) -> bool:
    return "game over" in title_of(message)


async def play_by_clicking(world: World, first: Message, rng: random.Random) -> Message:
    """Clicks through the game like its players; returns the result message."""
    users = {u.id: u for u in world.players}
    message = first
    previous_png = board_png(message)
    while True:
        user = users[player_to_move(world, message)]
        choice = pick_button(message, rng, stop_chance=0.4)
        seen = {m.id for m in world.channel.visible()}
        await world.click(user, message, choice)
        if not message.buttons():
            # The turn ended: the next player's message, or the result, follows.
            message = await world.discord.wait_for_message(
                world.channel, functools.partial(_next_turn_or_result, seen)
            )
            if is_result(message):
                return message
        png = board_png(message)
        assert png != previous_png
        previous_png = png


@pytest.mark.parametrize("players", [2, 3])
async def test_a_whole_game_from_new_to_the_result_table(world: World, players: int) -> None:
    first = await world.start_game(players)
    assert note_of(first).endswith("it's your turn.")
    assert "Chance the next roll busts: **0.0%** (0 of 216 rolls)." in text_of(first)
    # The board's alt text, for whoever can't see it: whose turn and the players.
    (board,) = first.gallery_items()
    assert board.description is not None and "largest mine 0" in board.description
    assert all(p.name in board.description for p in world.players[:players])
    result = await play_by_clicking(world, first, random.Random(players))
    description = text_of(result)
    assert "wins!" in description or "Shared win" in description
    standing = re.findall(
        r"^(?:🏆 )?\d\. \*\*(\w+)\*\*: largest mine \d+, claims \d+, spaces \d+$",
        description,
        re.MULTILINE,
    )
    assert sorted(standing) == sorted(p.name for p in world.players[:players])
    board_png(result)
    assert all(not m.buttons() for m in world.channel.visible() if m.id != result.id)
    for interaction in world.discord.interactions.values():
        assert interaction.errors == []
        assert interaction.response_seconds is not None and interaction.response_seconds < 3


def _next_turn_or_result(seen: set[int], message: Message) -> bool:
    return message.id not in seen and (bool(note_of(message)) or is_result(message))
