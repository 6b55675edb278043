"""A time-out ends the turn: a stop keeping what was placed, or a pass when nothing was."""

from __future__ import annotations

import random

from engine.claimit import (
    GameOver,
    GameState,
    LastRoundCalled,
    Passed,
    Phase,
    Place,
    Roll,
    Stop,
    Stopped,
    TimeOut,
    apply,
    state_from_json,
    state_to_json,
)
from tests.engine.claimit.playout import roll_dice
from tests.engine.claimit.positions import claimed_row, position


def test_with_nothing_placed_the_turn_passes_and_the_board_stays() -> None:
    state = position({"1,1": ["P0"], "2,2": ["P1"]}, turn=0)
    after, events = apply(state, TimeOut())
    assert events == (Passed(0),)
    assert after.turn == 1 and after.phase is Phase.ROLL
    assert after.owners == state.owners and after.claimed == state.claimed


def test_a_first_roll_left_waiting_is_a_pass() -> None:
    state = apply(GameState.new(2, first=1), Roll((1, 2, 3))).state
    assert state.phase is Phase.PLACE
    after, events = apply(state, TimeOut())
    assert events == (Passed(1),)
    assert after.turn == 0 and after.dice is None
    assert not any(after.owners) and after.claimed == 0


def test_with_marks_in_the_roll_phase_it_is_exactly_a_stop() -> None:
    state = position({"1,1": ["P0", "C"], "3,3": ["S2"]}, turn=0)
    assert apply(state, TimeOut()) == apply(state, Stop())


def test_a_pending_roll_is_forgone_and_earlier_marks_are_kept() -> None:
    state = position({"1,1": ["P0", "C"], "3,3": ["S2"]}, turn=0)
    waiting = apply(state, Roll((4, 5, 6))).state
    assert waiting.phase is Phase.PLACE
    after, events = apply(waiting, TimeOut())
    assert (after, events) == apply(state, Stop())
    assert events[0] == Stopped(0)


def test_a_time_out_with_enough_claims_calls_the_last_round() -> None:
    board = {**claimed_row(0, 1), **claimed_row(0, 2, range(1, 7))}
    board["1,3"] = ["P0", "C"]
    state = position(board, turn=0)
    after, events = apply(state, TimeOut())
    assert events == (Stopped(0), LastRoundCalled(0))
    assert after.last_round is not None and after.last_round.turns_left == 2


def test_a_pass_never_calls_the_last_round_but_counts_down_in_it() -> None:
    state = position(claimed_row(0, 1), turn=1, last_round={"caller": 0, "turns_left": 2})
    after, events = apply(state, TimeOut())
    assert events == (Passed(1),)
    assert after.last_round is not None and after.last_round.turns_left == 1
    final, events = apply(after, TimeOut())
    assert final.phase is Phase.OVER
    assert isinstance(events[-1], GameOver)


def test_time_outs_in_random_games_always_move_on_to_a_valid_position() -> None:
    rng = random.Random(7)
    for _ in range(40):
        state = GameState.new(rng.randint(2, 5), first=0)
        while state.phase is not Phase.OVER:
            if rng.random() < 0.15:
                after = apply(state, TimeOut()).state
                assert after.phase is Phase.OVER or after.turn == (state.turn + 1) % state.players
                assert not after.placed_this_turn
            elif state.phase is Phase.PLACE:
                after = apply(state, Place(rng.choice(state.pending_placements()))).state
            else:
                after = apply(state, Roll(roll_dice(rng))).state
            assert state_from_json(state_to_json(after)) == after
            state = after
