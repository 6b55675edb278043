"""Judges the test holds: each piece of judging says when it starts (what it is, in the
order they start) and ends only when the test lets it go, so that a test reads the
order the judges took their work in without timing anything."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from bot.games.analysis import Unit, Weighed


class Held:
    """Pieces of judging held in their judges (threads) until let go, in turn."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self._loop = asyncio.get_running_loop()
        self._starts: asyncio.Queue[str] = asyncio.Queue()
        self._go = threading.Semaphore(0)

    def hold(self, piece: str) -> None:
        """In a judge's thread: says ``piece`` has started, and waits to be let go."""
        self._loop.call_soon_threadsafe(self._starts.put_nowait, piece)
        self._go.acquire()

    async def start(self) -> str:
        """The next piece to start, once it has."""
        piece = await self._starts.get()
        self.started.append(piece)
        return piece

    def idle(self) -> bool:
        """Whether every piece that started was seen starting."""
        return self._starts.empty()

    def let_go(self, count: int = 1) -> None:
        """The pieces under way end (``count`` of them)."""
        self._go.release(count)


class HeldWeighing(Held):
    """Where the judges weigh positions (``judging.weighed_part``): each weighing held,
    named by its game's kind, and its options then ``stop`` (the best) and ``roll``."""

    def __call__(self, kind: str, positions: Sequence[tuple[Any, int]]) -> list[Weighed | None]:
        self.hold(kind)
        worths = (("stop", Fraction(3)), ("roll", Fraction(5, 4)))
        return [Weighed(Unit.SPACES, False, worths) for _ in positions]
