"""Where each human finished a game: the game's own order, with those who left last."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

MIN_RATED_HUMANS = 2
"""A game against computer players alone says nothing about how someone plays against people."""


class Finish(NamedTuple):
    """One human's seat at the end of a game."""

    user_id: int
    won: bool
    place: int
    """The seat's place in the game's own order (1 for the winners; ties share it)."""
    left: bool
    """They left (or went quiet twice) and a computer player finished the game for them."""


def is_rated(finishers: Sequence[Finish]) -> bool:
    return len(finishers) >= MIN_RATED_HUMANS


def finishing_ranks(finishers: Sequence[Finish]) -> list[int]:
    """Each finisher's rank, 1 for the best, by the places the game gave them. Exact
    ties share a rank, and so do all who left, behind everyone who stayed, whatever
    their seat scored after they went."""
    keys = [_order(f) for f in finishers]
    return [1 + sum(other < key for other in keys) for key in keys]


def _order(finish: Finish) -> tuple[int, ...]:
    if finish.left:
        return (1,)
    return (0, finish.place)
