"""What a player can do: roll, place one marker, stop; and what their clock can do: time out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from engine.claimit.board import Space


class Placement(NamedTuple):
    """One marker on one space: ``marker`` is ``"C"`` or ``"S1"``…``"S6"``."""

    col: int
    row: int
    marker: str

    @property
    def space(self) -> Space:
        return Space(self.col, self.row)

    def __str__(self) -> str:
        return f"{self.marker}@{self.col},{self.row}"


@dataclass(frozen=True, slots=True)
class Roll:
    """The three dice as rolled; they are checked when the roll is applied."""

    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Place:
    placement: Placement


@dataclass(frozen=True, slots=True)
class Stop:
    pass


@dataclass(frozen=True, slots=True)
class TimeOut:
    """The player to move ran out of time: the turn ends as a stop keeping what was
    placed before any pending roll, or as a pass when nothing was placed.

    Not in the rulebook: it is how an online table keeps a quiet player from
    stalling the game (docs/playing.md, "Nobody can stall a game")."""


Action = Roll | Place | Stop | TimeOut
