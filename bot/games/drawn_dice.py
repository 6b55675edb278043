"""The chance a move draws, kept: each move's chance is drawn through a ``Tape`` that
keeps what it drew (the move log holds it), and plays back first what it is handed, so
that a move made again at the same point (a roll taken back, ``bot.features.takebacks``)
draws the same again, as far as it asks for the same."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, NamedTuple


class Tape(random.Random):
    """A random source that first plays back what was drawn at this point before (``kept``,
    as ``record`` wrote it), then draws from ``source``. Each draw is kept with what it
    asked (a die of six, so many bits), and played back only while the draws asked for
    follow those kept."""

    def __init__(self, source: random.Random, kept: str | None = None) -> None:
        super().__init__()
        self._source = source
        self._kept: list[Draw] = [_draw(d) for d in json.loads(kept)] if kept else []
        self.drawn: list[Draw] = []
        self.fresh = 0
        """How many of its draws came from ``source``, not played back."""

    def randint(self, a: int, b: int) -> int:
        return int(self._draw(["randint", a, b], lambda: self._source.randint(a, b)))

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        asked: list[str | int] = ["randrange", start, -1 if stop is None else stop, step]
        return int(self._draw(asked, lambda: self._source.randrange(start, stop, step)))

    def random(self) -> float:
        return float(self._draw(["random"], self._source.random))

    def getrandbits(self, k: int, /) -> int:
        return int(self._draw(["getrandbits", k], lambda: self._source.getrandbits(k)))

    def _draw(self, asked: list[str | int], fresh: Callable[[], float]) -> float:
        if self._kept and self._kept[0].asked == asked:
            value = self._kept.pop(0).value
        else:
            self._kept = []
            value = fresh()
            self.fresh += 1
        self.drawn.append(Draw(asked, value))
        return value

    @property
    def unplayed(self) -> int:
        """How many of the draws it was handed are still to be played back (none once the
        draws asked for stopped following them)."""
        return len(self._kept)

    def record(self) -> str | None:
        """What it drew, as the move log keeps it (``None``: nothing)."""
        if not self.drawn:
            return None
        return json.dumps([[d.asked, d.value] for d in self.drawn], separators=(",", ":"))


class Draw(NamedTuple):
    """One draw: what was asked (the method and its arguments) and what came."""

    asked: list[str | int]
    value: float


def _draw(kept: list[Any]) -> Draw:
    asked, value = kept
    return Draw(list(asked), value)
