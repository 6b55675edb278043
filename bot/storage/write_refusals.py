"""Writes the database refuses for a cause of the machine's (a full disk, a read-only
file): each is refused to whoever asked (``WritesRefused``), and the log says why in one
plain line, again at most once a minute while it lasts, and once when writes work again,
instead of a traceback per click."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

log = logging.getLogger(__name__)

REPEAT_EVERY = 60.0
"""Seconds between two log lines of the same trouble."""


class WritesRefused(Exception):
    """The database refused a write for a cause outside the bot (``cause``, in plain
    words): nothing was written, and writing again later may work."""

    def __init__(self, cause: str) -> None:
        super().__init__(cause)
        self.cause = cause


class WriteRefusals:
    """Keeps the log to one line per minute while a database refuses writes."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._refused = 0
        self._said: tuple[str, float] | None = None
        """The cause last logged, and when."""

    def refused(self, cause: str) -> WritesRefused:
        """A write was refused for ``cause``: logged unless it was, less than a minute
        ago. The error to raise in its place."""
        self._refused += 1
        now = self._clock()
        if self._said is None or self._said[0] != cause or now - self._said[1] >= REPEAT_EVERY:
            log.error(
                "the database refuses writes: %s; nothing is saved until that is fixed "
                "(%d refused so far)",
                cause,
                self._refused,
            )
            self._said = (cause, now)
        return WritesRefused(cause)

    def worked(self) -> None:
        """A write went through: if some were refused before, the log says it is over."""
        if self._refused:
            log.warning("the database's writes work again (%d were refused)", self._refused)
            self._refused = 0
            self._said = None
