"""What applying an action can announce, in the order it happens: a turn ends with ``Bust``,
``Took`` or ``Passed``; a take is followed by ``GameOver`` when it emptied the centre, else by
``BonusTurn`` when all seven dice were set aside."""

from __future__ import annotations

from dataclasses import dataclass

from engine.events import Bust as Bust
from engine.events import GameOver as GameOver
from engine.events import Passed as Passed


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
class BonusTurn:
    """All seven dice were set aside: the same seat plays a new turn at once."""

    seat: int


Event = Bust | Took | Passed | BonusTurn | GameOver
