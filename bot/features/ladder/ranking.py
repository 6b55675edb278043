"""Where each human finished a game: the game's own order, with those who left last."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from bot.storage.ratings import MIN_RATED_SIDES


class Finish(NamedTuple):
    """One human's seat at the end of a game."""

    user_id: int
    won: bool
    place: int
    """The seat's place in the game's own order (1 for the winners; ties share it)."""
    left: bool
    """They left (or went quiet twice) and a computer player finished the game for them."""
    team: int
    """The side they played on: a team's number, or their own in a game without teams."""


def is_rated(finishers: Sequence[Finish]) -> bool:
    """Humans played against humans: partners alone against computer players are not."""
    return len({f.team for f in finishers}) >= MIN_RATED_SIDES


def finishing_ranks(finishers: Sequence[Finish]) -> list[int]:
    """Each finisher's rank, 1 for the best, by the places the game gave them. Exact
    ties share a rank, and so do all who left, behind everyone who stayed, whatever
    their seat scored after they went."""
    keys = [_order(f) for f in finishers]
    return [1 + sum(other < key for other in keys) for key in keys]


def sides(finishers: Sequence[Finish]) -> list[list[int]]:
    """The finishers (as indexes) grouped into the sides the ratings rate as one: the
    partners of a team who finished it together. Someone who left is a side alone, so
    that only they answer for leaving, and their partner is rated by the team's result."""
    ranks = finishing_ranks(finishers)
    grouped: dict[tuple[int, int, int], list[int]] = {}
    for index, (finish, rank) in enumerate(zip(finishers, ranks, strict=True)):
        key = (finish.team, rank, index if finish.left else -1)
        grouped.setdefault(key, []).append(index)
    return list(grouped.values())


def _order(finish: Finish) -> tuple[int, ...]:
    if finish.left:
        return (1,)
    return (0, finish.place)
