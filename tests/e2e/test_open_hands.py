"""Claim hands kept open: each follows the game from the moment it is shown, and only
the hand opened last plays.

A hand opened while a move is being made shows the game after that move, not before it:
the move's hands are shown before this one is kept, and it would wait for them for good.
A hand opened again replaces the one before it, which says so once. A press in the
replaced one (sent before its words came, or after they were lost) changes nothing and
turns it into what it is, rather than taking the game back from the newer hand and
replacing that one in turn: so a player who opened their hand twice, then plays from the
one they keep open, is told once, not at every press of theirs and the others'.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager
from pathlib import Path

import pytest
from aiohttp import web

from bot.background.game_locks import Deferral, GameLocks
from bot.discord_ui import interaction_answers
from bot.storage import Game, GameStatus
from emulator import Message, User
from tests.e2e.test_claim import (
    open_hand,
    press,
    private_intents,
    service,
    start,
    table_message,
)
from tests.e2e.world import RESPONSE_DEADLINE, World, describe, make_world

REPLACED = "You opened your hand again: this one no longer follows the game."
WEBHOOK_EDIT = "PATCH /webhooks/{app}/{token}/messages/{message}"


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    world = await make_world(tmp_path, 2)
    async with world:
        yield world


def offered(hand: Message) -> list[str]:
    """What the hand lets its player play now."""
    return [intent for intent, b in private_intents(hand).items() if not b.get("disabled")]


def replaced(world: World, user: User) -> list[Message]:
    """The messages only ``user`` sees that say a hand of theirs was replaced."""
    return [m for m in world.channel.visible(user.id) if m.ephemeral and REPLACED in describe(m)]


async def play_from(world: World, game: Game, hands: dict[int, Message]) -> Game:
    """Whoever is to act plays from the hand they keep open, which follows the game, until
    the game is over."""
    rng = random.Random(5)
    while game.status is GameStatus.ACTIVE:
        (seat, *_) = game.state.to_act()
        user = world.user(game.seats[seat].user_id or 0)
        hand = hands[user.id]
        intents = offered(hand)
        assert intents, f"{user.name}'s open hand offers nothing: {describe(hand)}"
        await press(world, user, hand, rng.choice(intents))
        game = await world.settled(game.id)
    return game


async def test_a_press_in_a_replaced_hand_leaves_the_newer_one_following(world: World) -> None:
    await world.start_bot(2)
    game, _ = await start(world, 2)
    ann, bo = world.players[:2]
    first = await open_hand(world, ann)
    # The first hand's words that it was replaced are lost: it still shows Ann's cards,
    # as it does in a client that has not heard of them yet.
    lost = world.discord.fail(
        WEBHOOK_EDIT,
        404,
        when=lambda request: _interaction_id(world, request) == first.interaction_id,
    )
    kept = await open_hand(world, ann)
    await world.settled(game.id)
    assert lost.hits == 1 and offered(first)

    pressed = await press(world, ann, first, offered(first)[0])
    await world.settled(game.id)
    assert pressed.response_message is first and describe(first) == REPLACED
    assert (await service(world).game(game.id)).version == game.version, "it changed nothing"
    assert offered(kept) and REPLACED not in describe(kept)

    hands = {ann.id: kept, bo.id: await open_hand(world, bo)}
    finished = await play_from(world, await world.settled(game.id), hands)
    assert finished.status is GameStatus.FINISHED
    assert replaced(world, ann) == [first] and replaced(world, bo) == []


def _interaction_id(world: World, request: web.Request) -> int | None:
    interaction = world.discord.interactions.get(request.match_info["token"])
    return None if interaction is None else interaction.id


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


async def test_my_hand_pressed_while_its_game_is_busy_is_answered_in_time(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game is held (a move being shown, its pictures drawn, on a loaded machine):
    My hand is acknowledged within Discord's time while it waits, whatever holds it (the
    game's lock, or its show), and the hand follows once the game is free."""
    await world.start_bot(2)
    game, _ = await start(world, 2)
    table = world.bots[0].table
    monkeypatch.setattr(interaction_answers, "DEFER_AFTER", 0.0)
    for holding in (table.locks, table.displays):
        hand = await opened_while_held(world, holding, game)
        assert hand.ephemeral and hand.visible_to == world.players[1].id, describe(hand)


async def opened_while_held(world: World, holding: GameLocks, game: Game) -> Message:
    """Bo's hand, opened while ``holding`` holds the game: answered (deferred) while it
    is held, shown once it is let go."""
    async with holding.hold(game.id):
        opening = await world.discord.click(world.players[1], table_message(world), "My hand")
        await world.discord.wait_until(lambda: opening.response_type is not None, RESPONSE_DEADLINE)
    return await world.discord.wait_for_message(
        world.channel,
        lambda m: m.interaction_id == opening.id and not m.loading and m.components_v2,
    )
