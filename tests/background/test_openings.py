"""A catch-up waits for the games being made when it began, and for no other."""

from __future__ import annotations

import asyncio

from bot.background.game_locks import Openings


async def making(openings: Openings, done: asyncio.Event) -> None:
    """A game made and shown, once ``done`` is set."""
    async with openings.opening():
        await done.wait()


async def test_with_nothing_being_made_a_catch_up_goes_on_at_once() -> None:
    settled = asyncio.ensure_future(Openings().settled())
    await asyncio.sleep(0)
    assert settled.done()


async def test_a_catch_up_waits_for_the_games_being_made_when_it_began() -> None:
    openings = Openings()
    first, second = asyncio.Event(), asyncio.Event()

    makers = [asyncio.ensure_future(making(openings, done)) for done in (first, second)]
    await asyncio.sleep(0)
    settled = asyncio.ensure_future(openings.settled())
    first.set()
    await makers[0]
    await asyncio.sleep(0)
    assert not settled.done()
    second.set()
    await makers[1]
    await settled


async def test_a_game_begun_later_keeps_no_catch_up_waiting() -> None:
    openings = Openings()
    first, later = asyncio.Event(), asyncio.Event()

    maker = asyncio.ensure_future(making(openings, first))
    await asyncio.sleep(0)
    settled = asyncio.ensure_future(openings.settled())
    await asyncio.sleep(0)
    late = asyncio.ensure_future(making(openings, later))
    first.set()
    await maker
    await settled
    assert not late.done()
    later.set()
    await late


async def test_a_maker_that_fails_lets_the_catch_up_go_on() -> None:
    openings = Openings()
    entered = asyncio.Event()

    async def failing() -> None:
        async with openings.opening():
            entered.set()
            await asyncio.sleep(0)
            raise RuntimeError("Discord answered 500")

    maker = asyncio.ensure_future(failing())
    await entered.wait()
    settled = asyncio.ensure_future(openings.settled())
    await asyncio.gather(maker, return_exceptions=True)
    await settled
