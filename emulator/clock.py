"""Discord's time as the emulator keeps it: the wall clock, plus however far a test has
moved it on. Everything that ages reads it (a message's age, a thread's inactivity, a
rate limit's window, an interaction's deadline and token), so that a test reaches an
hour-old table or an archived thread at once instead of waiting for it. A test that
stops it has a time that moves only when it says: a window's edge is then met to the
second, however long a loaded machine takes over the requests between."""

from __future__ import annotations

import time


class EmulatorClock:
    def __init__(self) -> None:
        self._ahead = 0.0
        self._stopped_at: float | None = None
        """The wall clock's time when ``stop`` was called."""

    def now(self) -> float:
        """Seconds since the epoch, on Discord's side."""
        wall = time.time() if self._stopped_at is None else self._stopped_at
        return wall + self._ahead

    def stop(self) -> None:
        """Holds Discord's time where it is: from now on only ``advance`` moves it."""
        if self._stopped_at is None:
            self._stopped_at = time.time()

    def advance(self, seconds: float) -> None:
        """Moves Discord's time on; it never goes back."""
        if seconds < 0:
            raise ValueError("Discord's clock does not go back")
        self._ahead += seconds

    @property
    def ahead(self) -> float:
        """Seconds ``advance`` has moved this clock on: how far it is ahead of the wall
        clock, unless stopped."""
        return self._ahead
