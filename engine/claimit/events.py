"""What applying an action can announce. A turn's end gives ``Bust``, ``Stopped`` or ``Passed``,
then ``LastRoundCalled`` if that stop called it, then ``GameOver`` if it was the last turn."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Bust:
    seat: int


@dataclass(frozen=True, slots=True)
class Stopped:
    seat: int


@dataclass(frozen=True, slots=True)
class Passed:
    """The turn ended on a time-out with nothing placed: the board is as the turn found it."""

    seat: int


@dataclass(frozen=True, slots=True)
class LastRoundCalled:
    seat: int


@dataclass(frozen=True, slots=True)
class GameOver:
    winners: tuple[int, ...]


Event = Bust | Stopped | Passed | LastRoundCalled | GameOver
