"""Discord's time as the emulator keeps it: the wall clock, plus however far a test has
moved it on. Everything that ages reads it (a message's age, a thread's inactivity, a
rate limit's window, an interaction's deadline and token), so that a test reaches an
hour-old table or an archived thread at once instead of waiting for it."""

from __future__ import annotations

import time


class EmulatorClock:
    def __init__(self) -> None:
        self._ahead = 0.0

    def now(self) -> float:
        """Seconds since the epoch, on Discord's side."""
        return time.time() + self._ahead

    def advance(self, seconds: float) -> None:
        """Moves Discord's time on; it never goes back."""
        if seconds < 0:
            raise ValueError("Discord's clock does not go back")
        self._ahead += seconds

    @property
    def ahead(self) -> float:
        """Seconds this clock is ahead of the wall clock."""
        return self._ahead
