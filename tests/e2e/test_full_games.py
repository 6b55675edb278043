"""Whole games through Discord: from /claimit new to the result table, by clicking."""

from __future__ import annotations

import random
import re

import pytest

from emulator import Message
from tests.e2e.world import World, board_png, describe, pick_button, text_of, title_of

# Whole games by clicking: the few end-to-end runs on PostgreSQL too.
pytestmark = pytest.mark.both_databases


def is_result(message: Message) -> bool:
    return "game over" in title_of(message)


async def play_by_clicking(world: World, table: Message, rng: random.Random) -> Message:
    """Clicks through the game like its players, on its one table; returns it as the
    result."""
    previous = (board_png(table), describe(table))
    while not is_result(table):
        user = await world.human_to_move()
        assert user is not None
        await world.click(user, table, pick_button(table, rng, stop_chance=0.4))
        shown = (board_png(table), describe(table))
        assert shown != previous
        previous = shown
    return table


@pytest.mark.parametrize("players", [2, 3])
async def test_a_whole_game_from_new_to_the_result_table(world: World, players: int) -> None:
    first = await world.start_game(players)
    ping = await world.discord.wait_for_message(world.channel, lambda m: bool(m.mentions))
    mover = await world.human_to_move()
    assert mover is not None and ping.mentions == [mover.id]
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
    # The lobby became the table and then the result; the pings went as they were answered.
    assert [m.id for m in world.channel.visible()] == [result.id]
    assert result.button_labels() == ["Replay", "What decided it", "Rematch"]
    world.every_interaction_answered()
