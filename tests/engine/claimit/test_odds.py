"""Exact roll odds, checked against applying every one of the 216 ordered rolls."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.claimit import Bust, GameState, Phase, Roll, WrongPhase, apply
from engine.claimit.odds import DISTINCT_ROLLS, OUTCOMES, roll_odds
from tests.engine.claimit.playout import random_game
from tests.engine.claimit.positions import EXAMPLE_4_BOARD, position


def brute_force_bust(state: GameState) -> Fraction:
    busts = sum(
        any(isinstance(e, Bust) for e in apply(state, Roll(dice)).events)
        for dice in product(range(1, 7), repeat=3)
    )
    return Fraction(busts, OUTCOMES)


def test_the_56_distinct_rolls_stand_for_all_216() -> None:
    assert len(DISTINCT_ROLLS) == 56
    assert sum(weight for _, weight in DISTINCT_ROLLS) == OUTCOMES
    assert dict(DISTINCT_ROLLS)[(1, 2, 3)] == 6
    assert dict(DISTINCT_ROLLS)[(2, 2, 5)] == 3
    assert dict(DISTINCT_ROLLS)[(4, 4, 4)] == 1


def test_an_empty_board_never_busts() -> None:
    odds = roll_odds(GameState.new(3))
    assert odds.bust == 0
    assert odds.marks_if_stopping == 0
    assert odds.expected_marks_after_one_roll == 1


def test_rulebook_example_4_position() -> None:
    state = position(EXAMPLE_4_BOARD, players=3)
    odds = roll_odds(state)
    assert odds.bust == brute_force_bust(state)
    assert 0 < odds.bust < 1
    assert odds.marks_if_stopping == 4
    assert odds.expected_marks_after_one_roll == (1 - odds.bust) * 5
    assert odds.busting_rolls == odds.bust * 216


def test_odds_are_for_a_player_about_to_roll() -> None:
    placing = apply(GameState.new(2), Roll((1, 2, 3))).state
    with pytest.raises(WrongPhase):
        roll_odds(placing)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 5), st.booleans())
def test_the_bust_chance_matches_brute_force_on_random_positions(
    seed: int, players: int, variant: bool
) -> None:
    rng = random.Random(seed)
    game = [s.after for s in random_game(rng, players, variant=variant)]
    for state in rng.sample([s for s in game if s.phase is Phase.ROLL], 8):
        assert roll_odds(state).bust == brute_force_bust(state)
        # Roll by roll, the shortcut the odds take says what the placements say.
        for dice in product(range(1, 7), repeat=3):
            assert state.can_place(dice) == bool(state.legal_placements(dice))
