"""A clock that only moves when the test says, so deadlines pass without real waiting."""

from __future__ import annotations

import asyncio


class ManualClock:
    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self._now = now
        self._moved = asyncio.Event()

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        self._now += seconds
        self._moved.set()
        self._moved = asyncio.Event()

    async def sleep_until(self, when: float, wake: asyncio.Event) -> None:
        while self._now < when and not wake.is_set():
            waits = {asyncio.ensure_future(self._moved.wait()), asyncio.ensure_future(wake.wait())}
            try:
                await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for waiting in waits:
                    waiting.cancel()
