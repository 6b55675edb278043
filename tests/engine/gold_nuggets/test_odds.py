"""Exact bust chances against brute force; the optimal turn's worth; hard's take is optimal."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from itertools import product

import pytest

from engine.gold_nuggets import (
    FACES,
    Bust,
    GameState,
    Roll,
    WrongPhase,
    apply,
)
from engine.gold_nuggets.bots import Level, expected_fresh_turn_take
from engine.gold_nuggets.odds import roll_odds
from engine.gold_nuggets.policy import (
    distinct_rolls,
    fresh_turn_value,
    roll_on_value,
    worth_after,
)
from tests.engine.gold_nuggets.play import position


def brute_force_bust(state: GameState) -> Fraction:
    rolls = list(product(FACES, repeat=state.dice_left))
    busts = sum(any(isinstance(e, Bust) for e in apply(state, Roll(r)).events) for r in rolls)
    return Fraction(busts, len(rolls))


@pytest.mark.parametrize(
    "aside",
    [{"N": 2}, {"L": 1, "3": 3}, {"2": 3, "4": 3}, {"5": 3, "N": 1}, {"L": 6}, {"2": 3, "3": 3}],
)
def test_the_bust_chance_matches_all_ordered_rolls(aside: dict[str, int]) -> None:
    state = position(phase="decide", aside=aside)
    odds = roll_odds(state)
    assert odds.bust == brute_force_bust(state)
    assert odds.take_now == state.value


def test_seven_dice_bust_only_on_three_pairs_and_a_single_number() -> None:
    # Which number is the single one (4 ways), times the orders of 2+2+2+1 dice.
    orders = 4 * math.factorial(7) // 8
    assert roll_odds(GameState.new(2)).bust == Fraction(orders, 6**7)


def test_one_die_left_busts_unless_it_is_a_lasso_a_nugget_or_a_number_set_aside() -> None:
    assert roll_odds(position(phase="decide", aside={"3": 6})).bust == Fraction(1, 2)
    assert roll_odds(position(phase="decide", aside={"L": 6})).bust == Fraction(2, 3)


def test_the_distinct_rolls_stand_for_all_ordered_rolls() -> None:
    for dice in range(1, 8):
        rolls = distinct_rolls(dice)
        assert len(rolls) == math.comb(dice + 5, 5)
        assert sum(weight for _, weight in rolls) == 6**dice


def test_the_optimal_turn_is_worth_4_675_with_the_bonus_and_3_97_without() -> None:
    assert round(fresh_turn_value(), 2) == 4.67
    assert abs(fresh_turn_value() - 4.675) < 0.001
    assert round(fresh_turn_value(bonus=False), 2) == 3.97


def test_the_fresh_turns_worth_is_its_own_fixed_point() -> None:
    seven_dice = worth_after(0, 0, 0)
    assert math.isclose(seven_dice, fresh_turn_value(), rel_tol=1e-12)
    assert worth_after(0, 0, 5, bonus=False) == 5


def test_odds_say_roll_or_take_as_the_policy_does() -> None:
    start = roll_odds(GameState.new(2))
    assert start.take_now == 0 and start.best == "roll"
    assert math.isclose(start.roll_on, fresh_turn_value())
    greedy = roll_odds(position(phase="decide", aside={"N": 3, "5": 3}))
    assert greedy.take_now == 8 and greedy.best == "take" and greedy.roll_on < 8
    early = roll_odds(position(phase="decide", aside={"N": 1}))
    assert early.best == "roll" and early.roll_on > 1


def test_odds_are_for_a_player_who_may_roll() -> None:
    waiting = apply(GameState.new(2), Roll((*FACES, FACES[0]))).state
    with pytest.raises(WrongPhase):
        roll_odds(waiting)
    with pytest.raises(WrongPhase):
        roll_odds(position(phase="take", aside={"N": 7}))


def test_rolling_on_is_worth_no_less_than_its_parts() -> None:
    for left, numbers, value in [(6, 0, 1), (3, 0b0101, 6), (1, 0b1111, 14)]:
        assert worth_after(left, numbers, value) == max(value, roll_on_value(left, numbers, value))


def test_hard_takes_the_optimum_per_fresh_turn_and_normal_less() -> None:
    hard = expected_fresh_turn_take(Level.HARD, random.Random(0))
    assert math.isclose(hard, fresh_turn_value(), rel_tol=1e-9)
    normal = expected_fresh_turn_take(Level.NORMAL, random.Random(0))
    assert 0.9 * hard < normal < hard
