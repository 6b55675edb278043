"""Exact odds of the next roll: the chance it busts, and what stopping keeps.

The 216 ordered rolls collapse to 56 multisets; legality does not depend on the
order of the dice, so each multiset is checked once and weighted by the number
of orders it has (6, 3 or 1).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import NamedTuple

from engine.claimit.errors import WrongPhase
from engine.claimit.state import GameState, Phase

OUTCOMES = 216
DISTINCT_ROLLS: tuple[tuple[tuple[int, int, int], int], ...] = tuple(
    (roll, factorial(3) // prod(factorial(n) for n in Counter(roll).values()))
    for roll in combinations_with_replacement(range(1, 7), 3)
)
"""Each roll with its dice sorted, and how many of the 216 ordered rolls it stands for."""


class RollOdds(NamedTuple):
    bust: Fraction
    """The chance the next roll has no legal placement."""
    marks_if_stopping: int
    """Spaces settled by stopping now (this turn's marks)."""
    expected_marks_after_one_roll: Fraction
    """Expected marks kept by rolling once more and then stopping."""

    @property
    def busting_rolls(self) -> int:
        """How many of the 216 ordered rolls bust."""
        return int(self.bust * OUTCOMES)


def roll_odds(state: GameState) -> RollOdds:
    """The odds for the player about to roll; raises ``WrongPhase`` outside the roll phase."""
    if state.phase is not Phase.ROLL:
        raise WrongPhase(f"odds are for a player about to roll, not in phase {state.phase}")
    busting = sum(weight for roll, weight in DISTINCT_ROLLS if not state.can_place(roll))
    bust = Fraction(busting, OUTCOMES)
    marks = state.marks_this_turn
    return RollOdds(bust, marks, (1 - bust) * (marks + 1))
