"""Background work that looks now and then: each look does what is due and says when the
next is; a look that fails is tried again soon, then ever later, and logged in one
line; a look refused because the process is stopping ends the looking, quietly (the
next process looks); and whoever makes something due sooner brings the next look
forward."""

from __future__ import annotations

import asyncio
import logging
from abc import abstractmethod

from bot.background.backoff import Backoff
from bot.background.stopping import Stopping
from bot.background.task import Background
from bot.clock import Clock

log = logging.getLogger(__name__)


class Looks(Background):
    """One look after another, until stopped (a rematch's lapses, the seasons' ends,
    the daily summaries, the tournaments' rounds)."""

    what = "looking"
    """What a look does, for the log line of one that failed ("looking for …")."""

    def __init__(self, clock: Clock, moved: asyncio.Event | None = None) -> None:
        super().__init__()
        self.clock = clock
        self.moved = moved if moved is not None else asyncio.Event()
        """Set when something may be due sooner: the next look comes now."""
        self._backoff = Backoff()

    def start(self) -> None:
        """Starts looking; it runs until ``stop``."""
        self._start()

    @abstractmethod
    async def look(self) -> float:
        """Does what is due now; returns when to look again."""

    async def _run(self) -> None:
        while True:
            self.moved.clear()
            now = self.clock.now()
            try:
                wake_at = await self.look()
                self._backoff.succeeded(0)
            except Stopping:
                return
            except Exception:
                wake_at = self._backoff.failed(0, now)
                log.warning("%s failed; again in %.0f s", self.what, wake_at - now, exc_info=True)
            await self.clock.sleep_until(wake_at, self.moved)
