"""Work the bot keeps doing in the background, one task each, until it stops."""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod


class Background(ABC):
    """Work the bot does on its own, in one task that starts once and, once stopped, never runs
    again."""

    def __init__(self) -> None:
        self._task: asyncio.Task[None] | None = None
        self._stopped = False

    def _start(self) -> None:
        """Runs ``_run`` unless it runs already (``on_ready`` comes again on a reconnect),
        or it was stopped for good."""
        if not self._stopped and (self._task is None or self._task.done()):
            self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        """Stops the task and waits for it to end."""
        self._stopped = True
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    @abstractmethod
    async def _run(self) -> None:
        """The work, until cancelled."""
