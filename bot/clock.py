"""Time as the bot sees it: the wall clock, or (in tests) a clock the test moves."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Protocol


class Clock(Protocol):
    """The bot's time: the system's in production, a test's own in the tests, which move it
    instead of waiting."""

    def now(self) -> float:
        """Seconds since the epoch."""

    async def sleep_until(self, when: float, wake: asyncio.Event) -> None:
        """Waits until ``now()`` reaches ``when``, or less if ``wake`` is set. A moment,
        not a duration: time that passed while the caller worked out ``when`` counts."""


class SystemClock:
    """The machine's wall clock."""

    def now(self) -> float:
        """Seconds since the epoch."""
        return time.time()

    async def sleep_until(self, when: float, wake: asyncio.Event) -> None:
        """Sleeps until ``when`` (seconds since the epoch), or until ``wake`` is set."""
        # asyncio.timeout, not wait_for: Python 3.11's wait_for loses a cancellation that
        # comes as the wait ends, and a background task must stop when it is cancelled.
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(max(when - time.time(), 0)):
                await wake.wait()
