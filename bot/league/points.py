"""The points a finished match of a tournament gives each of its players, and how they read."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

FEWEST_MATCH_SIZE = 2
"""A tournament's matches seat at least two: a game against nobody is no game."""

_GLYPHS = {
    Fraction(1, 2): "½",
    Fraction(1, 3): "⅓",
    Fraction(2, 3): "⅔",
    Fraction(1, 4): "¼",
    Fraction(3, 4): "¾",
}
"""The parts of a point written as one sign; any other part is written as a decimal."""


def match_points(places: Sequence[int], match_size: int) -> tuple[Fraction, ...]:
    """The points of each player of a finished match, in the order of ``places``.

    ``places[i]`` is player i's place, 1 the best; equal places are a tie (1, 1, 3).
    Of ``n`` players at a tournament of matches of ``match_size`` (N), the k-th place
    gets ``(N-1)(n-k)/(n-1)``: a full match gives N-1, N-2, …, 0, and a smaller one
    still gives its winner N-1 and its last 0. Tied players share the points of the
    places they span. A cancelled game (no places) gives nobody anything; a match of
    one (everyone else gone) gives its player a win, as a bye does."""
    _check_match_size(match_size)
    n = len(places)
    if n > match_size:
        raise ValueError(f"a match of {n} players in a tournament of matches of {match_size}")
    if any(place < 1 for place in places):
        raise ValueError(f"places start at 1: {tuple(places)}")
    if n == 1:
        return (bye_points(match_size),)
    best = match_size - 1
    points = []
    for place in places:
        # The positions a tie spans are counted from the players ahead, so that places
        # written 1, 2, 2 and 1, 2, 2 in competition ranking (1, 2, 2) mean the same.
        first = 1 + sum(other < place for other in places)
        tied = sum(other == place for other in places)
        middle = Fraction(2 * first + tied - 1, 2)
        points.append(best * (n - middle) / (n - 1))
    return tuple(points)


def bye_points(match_size: int) -> Fraction:
    """A bye scores as a win in a full match: ``match_size - 1``."""
    _check_match_size(match_size)
    return Fraction(match_size - 1)


def points_text(points: Fraction) -> str:
    """Points as people read them: ``3``, ``1½``, ``2¼``, ``2⅔``, ``⅓``; a part of a point
    without a sign of its own to one decimal (``2.2``)."""
    if points < 0:
        raise ValueError(f"points are never negative: {points}")
    whole = points.numerator // points.denominator
    part = points - whole
    if not part:
        return str(whole)
    if part in _GLYPHS:
        return f"{whole or ''}{_GLYPHS[part]}"
    tenths = math.floor(points * 10 + Fraction(1, 2))
    return f"{tenths // 10}.{tenths % 10}"


def _check_match_size(match_size: int) -> None:
    if match_size < FEWEST_MATCH_SIZE:
        raise ValueError(f"a tournament's matches seat at least two, not {match_size}")
