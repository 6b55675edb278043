"""One change of a game at a time in this process, from the service call to its message.

Holding a game's lock from the moment its change is asked for until the change is
shown keeps its messages in the order of its changes, and lets the reconciler
tell a change that is still being shown from one whose message was lost.
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

    def __init__(self) -> None:
        self._locks: dict[int, asyncio.Lock] = {}
        self._holders: dict[int, int] = {}
        """Coroutines holding or waiting for each game's lock; the lock goes at zero."""

    @asynccontextmanager
    async def hold(self, game_id: int, deferral: Deferral | None = None) -> AsyncIterator[None]:
        """The game's lock; ``deferral`` acknowledges the waiting interaction when the game
        is busy for too long."""
        lock = self._locks.setdefault(game_id, asyncio.Lock())
        self._holders[game_id] = self._holders.get(game_id, 0) + 1
        try:
            # Waited on without a timeout that cancels: cancelling a lock's acquire
            # just as it succeeds would leak the lock.
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
            try:
                yield
            finally:
                lock.release()
        finally:
            self._holders[game_id] -= 1
            if not self._holders[game_id]:
                del self._holders[game_id]
                del self._locks[game_id]

    def busy(self, game_id: int) -> bool:
        """Whether the game is being changed (or waited on) now."""
        return game_id in self._holders

    def held(self) -> list[int]:
        """The games being changed (or waited for) now."""
        return list(self._holders)
