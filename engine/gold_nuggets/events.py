"""What applying an action can announce, in the order it happens: a turn ends with ``Bust``,
``Took`` or ``Passed``; a take is followed by ``GameOver`` when it emptied the centre, else by
``BonusTurn`` when all seven dice were set aside."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Bust:
    seat: int


@dataclass(frozen=True, slots=True)
class Took:
    seat: int
    source: int | None
    """None for the centre, else the seat taken from."""
    value: int
    """The value of the dice set aside."""
    amount: int
    """The nuggets that moved: the value, capped by what the source held."""


@dataclass(frozen=True, slots=True)
class Passed:
    """The turn ended on a time-out before anything was set aside: nothing was taken."""

    seat: int


@dataclass(frozen=True, slots=True)
class BonusTurn:
    """All seven dice were set aside: the same seat plays a new turn at once."""

    seat: int


@dataclass(frozen=True, slots=True)
class GameOver:
    winners: tuple[int, ...]


Event = Bust | Took | Passed | BonusTurn | GameOver
