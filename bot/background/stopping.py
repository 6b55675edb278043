"""What a stop waits for: the work this process has taken on.

A process that is asked to stop (SIGTERM from a supervisor, Ctrl-C) takes no new
work from then on: a click or command that arrives is answered that the bot is
restarting and changes nothing, and background work (deadlines, computer players,
catch-ups) starts no new change. Work already under way (an interaction being
answered, a change being shown) finishes, up to a bound; what is still running at
the bound is cut off, and what it committed is shown by the next process.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from bot.service.errors import Refusal
from i18n import Message


class Stopping(Refusal):
    """Work refused because the process is stopping."""

    words = Message("I'm restarting right now, so nothing changed. Try again in a moment.")


class WorkInFlight:
    """Every click, command and background change under way: a stop refuses new ones and waits
    for these to finish."""

    def __init__(self) -> None:
        self.stopping = False
        self._tasks: dict[asyncio.Task[object], int] = {}
        """The tasks doing work the stop waits for, each with how deep it is in it."""
        self._admitted: set[asyncio.Task[object]] = set()
        self._idle = asyncio.Event()
        self._idle.set()

    @property
    def running(self) -> int:
        """How many clicks, commands and changes are under way now."""
        return len(self._tasks)

    @contextlib.asynccontextmanager
    async def admitted(self) -> AsyncIterator[None]:
        """Work that runs to its end even if a stop begins meanwhile; refused with
        ``Stopping`` once one has begun. Work admitted already (an interaction whose
        change is being made) goes on inside without asking again."""
        task = _current()
        inside = task in self._admitted
        if self.stopping and not inside:
            raise Stopping()
        self._admitted.add(task)
        try:
            async with self.answering():
                yield
        finally:
            if not inside:
                self._admitted.discard(task)

    @contextlib.asynccontextmanager
    async def answering(self) -> AsyncIterator[None]:
        """An answer that goes out even while stopping (telling someone that nothing
        changed): counted, so that the stop waits for it before it closes the
        connection the answer goes out on, but never refused."""
        task = _current()
        self._tasks[task] = self._tasks.get(task, 0) + 1
        self._idle.clear()
        try:
            yield
        finally:
            self._tasks[task] -= 1
            if not self._tasks[task]:
                del self._tasks[task]
                if not self._tasks:
                    self._idle.set()

    async def idle(self) -> None:
        """Waits until no work is under way (the rest of a click after its answer too)."""
        while not self._idle.is_set():
            await self._idle.wait()

    def stop(self) -> None:
        """From now on, new work is refused."""
        self.stopping = True

    async def finished(self, within: float) -> int:
        """Waits until the work under way is done, at most ``within`` seconds; then cuts
        off what still runs. Returns how much was cut off."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(within):
                # Idle may have ended again before this wakes: an answer that began
                # meanwhile (a click told the bot is restarting) is waited for too.
                while not self._idle.is_set():
                    await self._idle.wait()
        late = [task for task in self._tasks if task is not asyncio.current_task()]
        for task in late:
            task.cancel()
        await asyncio.gather(*late, return_exceptions=True)
        return len(late)


def _current() -> asyncio.Task[object]:
    task = asyncio.current_task()
    assert task is not None
    return task
