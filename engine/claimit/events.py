"""What applying an action can announce. A turn's end gives ``Bust``, ``Stopped`` or ``Passed``,
then ``LastRoundCalled`` if that stop called it, then ``GameOver`` if it was the last turn."""

from __future__ import annotations

from dataclasses import dataclass

from engine.events import Bust as Bust
from engine.events import GameOver as GameOver
from engine.events import Passed as Passed


@dataclass(frozen=True, slots=True)
class Stopped:
    seat: int


@dataclass(frozen=True, slots=True)
class LastRoundCalled:
    seat: int


Event = Bust | Stopped | Passed | LastRoundCalled | GameOver
