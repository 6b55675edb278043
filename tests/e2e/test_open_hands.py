"""Claim hands kept open: each follows the game from the moment it is shown.

A hand opened while a move is being made shows the game after that move, not before it:
the move's hands are shown before this one is kept, and it would wait for them for good.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager
from pathlib import Path

import pytest

from bot.background.game_locks import Deferral
from emulator import Message
from tests.e2e.test_claim import open_hand, private_intents, start, table_message
from tests.e2e.world import World, describe, make_world


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    world = await make_world(tmp_path, 2)
    try:
        yield world
    finally:
        await world.stop_bots()
        await world.discord.close()


def offered(hand: Message) -> list[str]:
    """What the hand lets its player play now."""
    return [intent for intent, b in private_intents(hand).items() if not b.get("disabled")]


async def test_a_hand_opened_while_a_move_is_made_shows_the_move(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    await world.start_bot(2)
    game, _ = await start(world, 2)
    ann, bo = world.players[:2]
    mine = await open_hand(world, ann)
    locks = world.bots[0].table.locks
    arrived: asyncio.Queue[int] = asyncio.Queue()
    hold = locks.hold

    def holding(
        game_id: int, deferral: Deferral | None = None
    ) -> AbstractAsyncContextManager[None]:
        arrived.put_nowait(game_id)
        return hold(game_id, deferral)

    monkeypatch.setattr(locks, "hold", holding)
    # The game is held (a change being answered): Ann's move waits for it, then Bo's My
    # hand, in that order.
    async with locks.hold(game.id):
        await arrived.get()
        card = private_intents(mine)[offered(mine)[0]]
        await world.discord.click(ann, mine, str(card["custom_id"]))
        assert await arrived.get() == game.id
        opening = await world.discord.click(bo, table_message(world), "My hand")
        assert await arrived.get() == game.id
    moved = await world.settled(game.id)
    assert moved.version == game.version + 1 and moved.state.to_act() == (1,)
    hand = await world.discord.wait_for_message(
        world.channel,
        lambda m: m.interaction_id == opening.id and not m.loading and m.components_v2,
    )
    assert offered(hand), describe(hand)
