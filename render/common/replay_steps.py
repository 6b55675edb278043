"""A replay's steps as the bot makes them, and what it may be told of a replay it asked
for (``render.common.replay`` draws them): plain data, which the bot builds without
loading the drawing code (Pillow)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final, Generic, TypeVar

V = TypeVar("V")


class Hold(StrEnum):
    """How long a step stays on screen."""

    STEP = "step"
    """An ordinary step: time to see what moved and read a line."""
    LONG = "long"
    """A bust, a bonus turn, a won trick: a turn of the game to take in."""
    FINAL = "final"
    """The final position, the longest, before the replay starts again."""

    @property
    def milliseconds(self) -> int:
        return HOLD_MILLISECONDS[self]


HOLD_MILLISECONDS: Final = {Hold.STEP: 1000, Hold.LONG: 2500, Hold.FINAL: 5000}
"""A second is enough to see the one place that changed and read a short caption on a
phone; a long step gives its two lines and its consequences time; the end is held
long enough to read the scores before the loop starts over."""
LENGTH: Final = 60_000
"""Milliseconds a replay runs by default: about a minute, what people watch of a clip
(a whole game, a step a second, ran 1.5 to 4.5 minutes). The first, long and final
steps are always kept; when they alone run longer, the long ones are held shorter, down
to an ordinary step's second."""


@dataclass(frozen=True)
class ReplayStep(Generic[V]):
    """One frame of a replay: what the game's picture is drawn from, and what happened."""

    view: V
    caption: str
    """One line of plain text, in any script; what the font cannot draw is left out."""
    hold: Hold = Hold.STEP


class ReplayTooLarge(Exception):
    """Even the smallest replay, its first and long and final steps at a phone's width,
    is larger than the limit."""

    def __init__(self, size: int, limit: int, frames: int) -> None:
        super().__init__(
            f"a replay cut to {frames} frames at a phone's width still takes {size} bytes; "
            f"the limit is {limit}"
        )
        self.size = size
        self.limit = limit
        self.frames = frames

    def __reduce__(self) -> tuple[type[ReplayTooLarge], tuple[int, int, int]]:
        # Raised in a picture process, it crosses back to the bot pickled: by its figures,
        # which its constructor takes, not by its message.
        return ReplayTooLarge, (self.size, self.limit, self.frames)
