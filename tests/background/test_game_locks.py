"""One change of a game at a time: a lock taken at once when nobody else holds or waits for
it, and in turn otherwise, a waiting click deferred in time and a cancelled wait leaking
nothing."""

from __future__ import annotations

import asyncio

from bot.background.game_locks import Deferral, GameLocks


async def test_a_lock_nobody_holds_is_taken_without_a_turn_of_the_loop() -> None:
    let_go: list[int] = []
    locks = GameLocks(let_go.append)
    ran: list[str] = []

    async def other() -> None:
        ran.append("other")

    task = asyncio.create_task(other())
    async with locks.hold(7):
        # Taken before any other task ran: holding it did not give the loop a turn.
        assert ran == []
        assert locks.busy(7) and locks.held() == [7]
    await task
    assert not locks.busy(7) and locks.held() == []
    assert let_go == [7]


async def test_holders_take_a_busy_lock_in_turn_and_the_games_apart_do_not_wait() -> None:
    locks = GameLocks()
    order: list[str] = []
    first_in = asyncio.Event()
    release = asyncio.Event()

    async def first() -> None:
        async with locks.hold(1):
            order.append("first in")
            first_in.set()
            await release.wait()
            order.append("first out")

    async def second() -> None:
        async with locks.hold(1):
            order.append("second in")

    holding = asyncio.create_task(first())
    await first_in.wait()
    waiting = asyncio.create_task(second())
    async with locks.hold(2):
        order.append("other game")
    await asyncio.sleep(0)
    assert order == ["first in", "other game"]
    release.set()
    await asyncio.gather(holding, waiting)
    assert order == ["first in", "other game", "first out", "second in"]
    assert locks.held() == []


async def test_a_click_waiting_for_a_busy_game_is_deferred_and_one_alone_is_not() -> None:
    locks = GameLocks()
    deferred: list[str] = []

    async def defer() -> None:
        deferred.append("deferred")

    async with locks.hold(1, Deferral(0.0, defer)):
        assert deferred == []
        waiting = asyncio.create_task(_held(locks, 1, Deferral(0.0, defer)))
        while not deferred:
            await asyncio.sleep(0)
        assert not waiting.done()
    await waiting
    assert deferred == ["deferred"]
    assert locks.held() == []


async def test_a_wait_cancelled_leaves_the_lock_to_the_next_holder() -> None:
    locks = GameLocks()
    async with locks.hold(1):
        cancelled = asyncio.create_task(_held(locks, 1))
        await asyncio.sleep(0)
        cancelled.cancel()
        await asyncio.sleep(0)
        later = asyncio.create_task(_held(locks, 1))
        await asyncio.sleep(0)
    assert cancelled.cancelled()
    await later
    assert locks.held() == []
    async with locks.hold(1):
        assert locks.held() == [1]


async def _held(locks: GameLocks, game_id: int, deferral: Deferral | None = None) -> None:
    async with locks.hold(game_id, deferral):
        pass
