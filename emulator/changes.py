"""Word that something a member could see has changed: the world is to be saved again,
tests waiting for a message look again, and the sandbox's live page is told."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


class Changes:
    def __init__(self) -> None:
        self.unsaved = asyncio.Event()
        """Set by every change since the world was last saved."""
        self.on_change: list[Callable[[], None]] = []
        """Called after anything a member could see changed (the sandbox's live page)."""
        self._seen = asyncio.Condition()

    async def changed(self) -> None:
        self.unsaved.set()
        async with self._seen:
            self._seen.notify_all()
        for listener in self.on_change:
            listener()

    async def wait_until(self, condition: Callable[[], T], timeout: float | None = None) -> T:
        """Until ``condition`` (looked at after every change anyone could see) is true;
        returns what it returned."""
        async with self._seen:
            return await asyncio.wait_for(self._seen.wait_for(condition), timeout)
