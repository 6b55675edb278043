"""One change of a game at a time in this process, from the service call to its message.

Holding a game's lock from the moment its change is asked for until the change is
shown keeps its messages in the order of its changes, and lets the reconciler
tell a change that is still being shown from one whose message was lost. A game being
made has no number to lock until it is saved, and a catch-up may read it from then
on: its maker's opening holds the catch-ups that begin meanwhile instead.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import NamedTuple


class Deferral(NamedTuple):
    """How a click that waits for its game is acknowledged in time: after ``within``
    seconds, by ``defer``."""

    within: float
    defer: Callable[[], Awaitable[None]]


class GameLocks:
    """One change of a game at a time, in this process: from the service call to its clicker's
    answer."""

    def __init__(self, let_go: Callable[[int], None] | None = None) -> None:
        self._let_go = let_go
        """Told each game whose lock was held and let go (whatever happened meanwhile)."""
        self._locks: dict[int, asyncio.Lock] = {}
        self._holders: dict[int, int] = {}
        """Coroutines holding or waiting for each game's lock; the lock goes at zero."""

    @asynccontextmanager
    async def hold(self, game_id: int, deferral: Deferral | None = None) -> AsyncIterator[None]:
        """The game's lock; ``deferral`` acknowledges the waiting interaction when the game
        is busy for too long."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        self._holders[game_id] = holders = self._holders.get(game_id, 0) + 1
        try:
            if holders == 1:
                # Alone with a lock made for it: taken at once, without a task and the
                # turns of the loop it takes (each press holds a lock twice).
                await lock.acquire()
            else:
                await self._wait_for(lock, deferral)
            try:
                yield
            finally:
                lock.release()
                if self._let_go is not None:
                    self._let_go(game_id)
        finally:
            self._holders[game_id] -= 1
            if not self._holders[game_id]:
                del self._holders[game_id]
                del self._locks[game_id]

    @staticmethod
    async def _wait_for(lock: asyncio.Lock, deferral: Deferral | None) -> None:
        # Waited on without a timeout that cancels: cancelling a lock's acquire just as
        # it succeeds would leak the lock.
        acquiring = asyncio.ensure_future(lock.acquire())
        try:
            if deferral is not None and not acquiring.done():
                await asyncio.wait({acquiring}, timeout=deferral.within)
                if not acquiring.done():
                    await deferral.defer()
            await acquiring
        except BaseException:
            acquiring.cancel()
            if acquiring.done() and not acquiring.cancelled():
                lock.release()
            raise

    def busy(self, game_id: int) -> bool:
        """Whether the game is being changed (or waited on) now."""
        return game_id in self._holders

    def held(self) -> list[int]:
        """The games being changed (or waited for) now."""
        return list(self._holders)


class Openings:
    """Games being made in this process and shown by whoever makes them (a lobby opened
    by its command, a rematch, a tournament's tables): a catch-up that finds such a game
    saved but not shown yet waits for its maker rather than posting it a second time."""

    def __init__(self) -> None:
        self._under_way: set[asyncio.Future[None]] = set()

    @asynccontextmanager
    async def opening(self) -> AsyncIterator[None]:
        """Held from before the game is saved until its maker has shown it (or failed to,
        and handed it to the reconciler)."""
        ended = asyncio.get_running_loop().create_future()
        self._under_way.add(ended)
        try:
            yield
        finally:
            self._under_way.discard(ended)
            ended.set_result(None)

    async def settled(self) -> None:
        """Waits for the openings under way now; one begun meanwhile made a game that the
        caller cannot have read, and would keep it waiting for nothing."""
        if self._under_way:
            await asyncio.wait(set(self._under_way))
