"""Time as the bot sees it: the wall clock, or (in tests) a clock the test moves."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
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
    """The machine's wall clock, or another of its clocks (``read``)."""

    def __init__(self, read: Callable[[], float] = time.time) -> None:
        self._read = read

    def now(self) -> float:
        """Seconds since the epoch (or since ``read``'s own start)."""
        return self._read()

    async def sleep_until(self, when: float, wake: asyncio.Event) -> None:
        """Sleeps until ``when`` (on this clock), or until ``wake`` is set."""
        # asyncio.timeout, not wait_for: Python 3.11's wait_for loses a cancellation that
        # comes as the wait ends, and a background task must stop when it is cancelled.
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(max(when - self._read(), 0)):
                await wake.wait()


MONOTONIC = SystemClock(time.monotonic)
"""The machine's monotonic clock: seconds from some start, never set back or forward,
for what counts durations on this machine alone (a pace's second must not stretch to
an hour when the wall clock is set back)."""
