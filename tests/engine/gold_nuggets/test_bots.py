"""Computer players: always legal, reproducible, quick, and playing for the win at the end."""

from __future__ import annotations

import random

import pytest

from engine.gold_nuggets import (
    Counts,
    GameAlreadyOver,
    GameState,
    Phase,
    Roll,
    SetAside,
    Take,
    apply,
)
from engine.gold_nuggets.bots import Decision, Level, RollAgain, action_of, decide
from tests.engine.gold_nuggets.play import faces, position


def play(levels: list[Level], seed: int) -> list[tuple[GameState, Decision]]:
    """A whole game between bots: every position a bot decided in, and its decision."""
    choices, dice = random.Random(seed), random.Random(seed + 1)
    state = GameState.new(len(levels), first=seed % len(levels))
    decisions: list[tuple[GameState, Decision]] = []
    while state.phase is not Phase.OVER:
        decision = decide(state, levels[state.turn], choices)
        decisions.append((state, decision))
        state = apply(state, action_of(decision, state, dice)).state
    return decisions


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_decision_is_legal_and_fits_the_phase(players: int) -> None:
    levels = [list(Level)[seat % 3] for seat in range(players)]
    for state, decision in play(levels, players):
        if state.phase is Phase.ROLL:
            assert isinstance(decision, RollAgain)
        elif state.phase is Phase.SET_ASIDE:
            assert isinstance(decision, SetAside)
            assert decision.counts in state.pending_choices()
        elif state.phase is Phase.TAKE:
            assert isinstance(decision, Take)
        else:
            assert isinstance(decision, RollAgain | Take)


def test_decisions_are_reproducible_from_the_seed() -> None:
    levels = [Level.EASY, Level.NORMAL, Level.HARD]
    assert play(levels, 5) == play(levels, 5)


def test_no_decision_once_the_game_is_over() -> None:
    over = position(players=2, phase="over", centre=0, nuggets=[40, 37])
    with pytest.raises(GameAlreadyOver):
        decide(over, Level.HARD, random.Random(0))


def test_easy_sets_aside_the_most_valuable_choice_with_fewest_dice() -> None:
    waiting = apply(GameState.new(2), Roll(faces("3333NL2"))).state
    decision = decide(waiting, Level.EASY, random.Random(0))
    assert decision == SetAside(Counts(nugget=1, three=3))


def test_hard_sets_aside_three_of_six_threes_and_rolls_on() -> None:
    waiting = apply(GameState.new(2), Roll(faces("3333332"))).state
    decision = decide(waiting, Level.HARD, random.Random(0))
    assert isinstance(decision, SetAside) and decision.counts.three == 3
    after = apply(waiting, decision).state
    assert decide(after, Level.HARD, random.Random(0)) == RollAgain()


def test_hard_ends_the_game_when_ahead() -> None:
    state = position(players=2, phase="decide", centre=3, nuggets=[40, 34], aside={"N": 3})
    assert decide(state, Level.HARD, random.Random(0)) == Take(None)


def test_hard_does_not_end_the_game_when_behind_but_rolls_for_a_steal() -> None:
    state = position(players=2, phase="decide", centre=2, nuggets=[30, 45], aside={"L": 2, "N": 3})
    assert decide(state, Level.HARD, random.Random(0)) == RollAgain()
    assert decide(state, Level.NORMAL, random.Random(0)) == Take(None)


def test_hard_steals_from_the_leader_near_the_end() -> None:
    state = position(
        players=3, phase="take", centre=10, nuggets=[20, 30, 17], aside={"L": 3, "N": 1, "5": 3}
    )
    assert decide(state, Level.HARD, random.Random(0)) == Take(1)


def test_hard_takes_the_last_nuggets_from_the_centre_when_that_wins() -> None:
    state = position(players=3, phase="take", centre=4, nuggets=[36, 37, 0], aside={"L": 3, "N": 4})
    assert decide(state, Level.HARD, random.Random(0)) == Take(None)


def test_normal_steals_from_the_richest_when_it_moves_as_much() -> None:
    state = position(
        players=3, phase="take", centre=40, nuggets=[10, 12, 15], aside={"L": 3, "N": 1, "3": 3}
    )
    assert decide(state, Level.NORMAL, random.Random(0)) == Take(2)
