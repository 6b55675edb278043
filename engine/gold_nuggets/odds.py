"""Exact odds of rolling the dice left, and what rolling on is worth against taking now.

The 6^k ordered rolls of k dice collapse to their multisets (462 for six
dice); whether a roll busts does not depend on the order of its dice, so each
multiset is checked once and weighted by the number of orders it has.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Literal, NamedTuple

from engine.gold_nuggets import turn_table
from engine.gold_nuggets.dice import ORDERED_ROLLS, choices
from engine.gold_nuggets.errors import WrongPhase
from engine.gold_nuggets.policy import distinct_rolls, roll_on_value
from engine.gold_nuggets.state import GameState, Phase


class RollOdds(NamedTuple):
    bust: Fraction
    """The chance that rolling the dice left allows no set-aside."""
    take_now: int
    """The value a take would have now (0 before the turn's first set-aside: no take yet)."""
    roll_on: float
    """The expected final take of this turn when rolling on and playing optimally afterwards,
    a bonus turn (all seven dice set aside) counted at its expected worth."""
    best: Literal["roll", "take"]


@cache
def bust_chance(dice_left: int, numbers_aside: int) -> Fraction:
    """The chance that a roll of ``dice_left`` dice allows no set-aside after
    ``numbers_aside``, as the shipped table (``turn_table``) counts it; a ``ValueError`` for
    a count of dice or a set of numbers no turn has."""
    return Fraction(turn_table.busting(dice_left, numbers_aside), ORDERED_ROLLS[dice_left])


def busting_rolls(dice_left: int, numbers_aside: int) -> int:
    """How many of the ordered rolls of ``dice_left`` dice allow no set-aside after
    ``numbers_aside``."""
    return sum(
        weight for roll, weight in distinct_rolls(dice_left) if not choices(numbers_aside, roll)
    )


def roll_odds(state: GameState) -> RollOdds:
    """The odds for the player who may roll; raises ``WrongPhase`` in any other phase."""
    if state.phase not in (Phase.ROLL, Phase.DECIDE):
        raise WrongPhase(f"odds are for a player who may roll, not in phase {state.phase}")
    numbers = state.aside.numbers
    take_now = state.value
    roll_on = roll_on_value(state.dice_left, numbers, take_now)
    can_take = state.phase is Phase.DECIDE
    best: Literal["roll", "take"] = "take" if can_take and take_now >= roll_on else "roll"
    return RollOdds(bust_chance(state.dice_left, numbers), take_now, roll_on, best)
