"""The reconciler forgets a game only once a show that began after the game was last
handed over has worked. Another process that commits a move on a game it can't show
hands the game over here (through the database's notification), at any moment: also
while this process is already showing the game as it stood before that move."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bot.background.reconciler import MessageReconciler
from tests.clock import ManualClock

TABLE = 7
OTHER = 8


class Shows:
    """A stand-in for the table's catch-up: records the games it shows, and holds the show
    of ``held`` until the test lets it go."""

    def __init__(self, held: int) -> None:
        self.held = held
        self.shown: list[int] = []
        self.showing = asyncio.Event()
        self.let_go = asyncio.Event()

    async def catch_up(self, game_id: int) -> None:
        self.shown.append(game_id)
        if game_id == self.held and not self.let_go.is_set():
            self.showing.set()
            await self.let_go.wait()


@asynccontextmanager
async def started(shows: Shows, behind: int) -> AsyncIterator[MessageReconciler]:
    """A reconciler showing through ``shows``, started with ``behind`` found behind at
    start-up; stopped at the end, however the test ended."""
    reconciler = MessageReconciler(shows.catch_up, ManualClock(), lambda error: False)
    reconciler.start([behind])
    try:
        yield reconciler
    finally:
        await reconciler.stop()


async def test_a_game_handed_over_while_it_is_caught_up_is_caught_up_again() -> None:
    shows = Shows(held=TABLE)
    async with started(shows, TABLE) as catching_up:
        await shows.showing.wait()
        # The show under way read the game before this move of another process's.
        catching_up.add([TABLE])
        shows.let_go.set()
        await catching_up.idle.wait()
        assert shows.shown == [TABLE, TABLE]


async def test_a_game_handed_over_while_shown_elsewhere_waits_for_a_show_of_its_own() -> None:
    # The reconciler is busy with another game; the table's follower shows this one as
    # it stood before the handover, and says so as it ends.
    shows = Shows(held=OTHER)
    async with started(shows, OTHER) as catching_up:
        await shows.showing.wait()
        catching_up.add([TABLE])
        catching_up.shown(TABLE)
        shows.let_go.set()
        await catching_up.idle.wait()
        assert shows.shown == [OTHER, TABLE]


async def test_only_a_stop_or_a_failure_leaves_a_game_unsure_of_its_messages() -> None:
    shows = Shows(held=0)
    async with started(shows, TABLE) as catching_up:
        # Found behind by a look at the database: a show of it is under way, or was
        # handed over by whoever failed it.
        catching_up.add([OTHER])
        assert (catching_up.unsure(TABLE), catching_up.unsure(OTHER)) == (True, False)
        catching_up.retry(OTHER)
        catching_up.add([OTHER + 1], unsure=True)
        assert catching_up.unsure(OTHER) and catching_up.unsure(OTHER + 1)
        catching_up.looked_for(OTHER)
        assert not catching_up.unsure(OTHER) and catching_up.unsure(TABLE)
