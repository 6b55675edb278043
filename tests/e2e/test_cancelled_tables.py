"""A cancelled game's table says who cancelled it and shows the game as it stood, asking
nobody to act: not in its words, its picture's description, its buttons nor its hands."""

from __future__ import annotations

import pytest

from bot.games.shared_words import SEAT_EMOJI
from tests.e2e.world import World, describe, ephemeral_answer


def calls_to_act(text: str) -> bool:
    """Whether a table asks someone to act: a line led by a seat ("🔵 **Ann**: roll the
    dice.") or a turn's clock."""
    return "⏰" in text or any(line.startswith(SEAT_EMOJI) for line in text.split("\n"))


@pytest.mark.parametrize("command", ["claimit", "nuggets", "claim"])
async def test_a_cancelled_table_asks_nobody_to_act(world: World, command: str) -> None:
    table = await world.start_game(2, command)
    mover = await world.mover()
    assert calls_to_act(describe(table)), "a running table asks someone to act"
    hand = None
    if command == "claim":
        hand = (await world.click(mover, table, "My hand")).response_message
        assert hand is not None and hand.buttons()
    host = world.players[0]
    assert "cancelled" in ephemeral_answer(await world.command(host, f"{command} cancel"))
    await world.quiet()
    text = describe(table)
    assert f"cancelled by {host.name}" in text.replace("*", "")
    assert not calls_to_act(text), text
    assert table.buttons() == []
    (picture,) = table.gallery_items()
    assert picture.description is not None
    assert "was cancelled" in picture.description and "nobody to" in picture.description
    if hand is not None:
        await world.discord.wait_for_message(
            world.channel, lambda m: m is hand and "was cancelled" in describe(m) + m.content
        )
        assert hand.buttons() == []
