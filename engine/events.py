"""The events the games' engines announce alike: the dice games' turn that ends with nothing
gained, by a roll or by the clock, and every game's end."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Bust:
    """The roll allowed nothing: the turn ends, and what it had gained is lost."""

    seat: int


@dataclass(frozen=True, slots=True)
class GameOver:
    winners: tuple[int, ...]
    """The winning seats, ascending (in Claim, both seats of a winning team)."""


@dataclass(frozen=True, slots=True)
class Passed:
    """The turn ended on a time-out before anything was placed or set aside: the game is as
    the turn found it."""

    seat: int
