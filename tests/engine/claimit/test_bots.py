"""Computer players: always legal, reproducible, and sensible at the end of the game."""

from __future__ import annotations

import random

import pytest

from engine.claimit import GameState, Phase, Place, Roll, Stop, apply
from engine.claimit.bots import Level, RollAgain, action_of, decide
from tests.engine.claimit.positions import claimed_row, position


def play(levels: list[Level], seed: int) -> list[object]:
    """A whole game between bots; returns every decision taken."""
    choices, dice = random.Random(seed), random.Random(seed + 1)
    state = GameState.new(len(levels), first=seed % len(levels))
    decisions: list[object] = []
    while state.phase is not Phase.OVER:
        decision = decide(state, levels[state.turn], choices)
        decisions.append(decision)
        state = apply(state, action_of(decision, dice)).state
        assert len(decisions) < 5000
    return decisions


@pytest.mark.parametrize(
    "levels",
    [
        [Level.EASY, Level.NORMAL],
        [Level.HARD, Level.EASY, Level.NORMAL],
        [Level.NORMAL, Level.NORMAL, Level.EASY, Level.EASY, Level.NORMAL],
    ],
)
def test_bots_finish_whole_games_with_legal_moves_only(levels: list[Level]) -> None:
    decisions = play(levels, 4)
    assert any(isinstance(d, Stop) for d in decisions)
    assert any(isinstance(d, Place) for d in decisions)


def test_the_same_seed_gives_the_same_game() -> None:
    assert play([Level.EASY, Level.NORMAL], 9) == play([Level.EASY, Level.NORMAL], 9)


@pytest.mark.parametrize("level", list(Level))
def test_a_bot_rolls_first_and_places_when_it_must(level: Level) -> None:
    state = GameState.new(2)
    assert decide(state, level, random.Random(1)) == RollAgain()
    state = apply(state, Roll((1, 2, 3))).state
    decision = decide(state, level, random.Random(1))
    assert isinstance(decision, Place)
    assert decision.placement in state.pending_placements()


def test_easy_stops_at_three_marks() -> None:
    state = position({"1,1": ["S1"], "2,2": ["S2"], "3,3": ["S3"]})
    assert decide(state, Level.EASY, random.Random(0)) == Stop()


def final_turn(board: dict[str, list[str]]) -> GameState:
    """Seat 0's last turn of the game, after it called the last round."""
    return position(board, turn=0, last_round={"caller": 0, "turns_left": 1})


def test_hard_on_the_last_turn_stops_when_stopping_wins() -> None:
    board = {**claimed_row(0, 1), **claimed_row(0, 2), "6,6": ["C", "P0"]}
    board.update({"1,4": ["P1"], "2,4": ["P1"], "3,5": ["S2"]})
    assert decide(final_turn(board), Level.HARD, random.Random(0)) == Stop()


def test_hard_on_the_last_turn_keeps_rolling_when_stopping_loses() -> None:
    board = {f"{c},{r}": ["C", "P1"] for r in (1, 2, 3) for c in range(1, 7)}
    board.update({"1,6": ["C", "P0"], "3,6": ["C", "P0"], "5,6": ["S2"]})
    assert decide(final_turn(board), Level.HARD, random.Random(0)) == RollAgain()
