"""The last round: thresholds per player count, one more turn each, then game over."""

from __future__ import annotations

import pytest

from engine.claimit import (
    LAST_ROUND_THRESHOLD,
    Bust,
    GameAlreadyOver,
    GameOver,
    LastRound,
    LastRoundCalled,
    Phase,
    Place,
    Placement,
    Roll,
    Stop,
    Stopped,
    TimeOut,
    apply,
)
from tests.engine.claimit.positions import claimed_row, position


def twelve_claims_for_seat_0() -> dict[str, list[str]]:
    return {**claimed_row(0, 1), **claimed_row(0, 2), "6,6": ["P0"], "5,6": ["P1"]}


def test_a_stop_reaching_the_threshold_calls_the_last_round() -> None:
    state = position(twelve_claims_for_seat_0())
    for action in (Roll((6, 6, 2)), Place(Placement(6, 6, "C"))):
        state, _ = apply(state, action)
    state, events = apply(state, Stop())
    assert events == (Stopped(0), LastRoundCalled(0))
    assert state.last_round == LastRound(caller=0, turns_left=2)
    assert state.turn == 1


def test_a_stop_below_the_threshold_calls_nothing() -> None:
    board = twelve_claims_for_seat_0()
    del board["1,1"]
    state = position(board)
    for action in (Roll((6, 6, 2)), Place(Placement(6, 6, "C"))):
        state, _ = apply(state, action)
    state, events = apply(state, Stop())
    assert events == (Stopped(0),)
    assert state.last_round is None


@pytest.mark.parametrize(("players", "threshold"), [(2, 13), (3, 9), (4, 7), (5, 6)])
def test_the_threshold_depends_on_the_player_count(players: int, threshold: int) -> None:
    assert LAST_ROUND_THRESHOLD[players] == threshold
    cols = range(1, 7)
    board = {f"{c},{r}": ["C", "P0"] for r in (1, 2, 3) for c in cols}
    board = dict(list(board.items())[: threshold - 1])
    board["6,6"] = ["P0"]
    state = position(board, players=players)
    for action in (Roll((6, 6, 1)), Place(Placement(6, 6, "C"))):
        state, _ = apply(state, action)
    _, events = apply(state, Stop())
    assert events == (Stopped(0), LastRoundCalled(0))


def test_claimed_spaces_need_not_be_connected() -> None:
    board = {f"{c},{r}": ["C", "P0"] for r in (1, 3) for c in range(1, 7)}
    board["6,6"] = ["P0"]
    board["6,5"] = ["P1"]
    state = position(board)
    for action in (Roll((6, 6, 1)), Place(Placement(6, 6, "C"))):
        state, _ = apply(state, action)
    _, events = apply(state, Stop())
    assert LastRoundCalled(0) in events


def test_a_bust_never_calls_the_last_round() -> None:
    board = {**claimed_row(0, 1), **claimed_row(0, 2), **claimed_row(0, 3)}
    board["1,4"] = ["S1"]
    state = position(board, players=3)
    after, events = apply(state, Roll((1, 1, 1)))
    assert events == (Bust(0),)
    assert after.last_round is None


def test_everyone_plays_once_more_ending_with_the_caller_then_the_game_is_over() -> None:
    board = twelve_claims_for_seat_0()
    board["6,6"] = ["C", "P0"]
    state = position(board, turn=1, last_round={"caller": 0, "turns_left": 2})
    state, events = apply(state, Roll((5, 6, 1)))
    state, _ = apply(state, Place(Placement(5, 6, "C")))
    state, events = apply(state, Stop())
    assert events == (Stopped(1),)
    assert state.last_round == LastRound(0, 1)
    assert state.turn == 0
    state, _ = apply(state, Roll((4, 6, 3)))
    state, _ = apply(state, Place(Placement(4, 6, "S3")))
    state, events = apply(state, Stop())
    assert events == (Stopped(0), GameOver((0,)))
    assert state.phase is Phase.OVER
    assert state.turn == 0
    assert state.last_round == LastRound(0, 0)


def test_the_last_round_is_not_called_again() -> None:
    board = {**claimed_row(1, 1), **claimed_row(1, 2), "6,6": ["P1"], "1,6": ["C", "P0"]}
    board.update(claimed_row(0, 3))
    board.update(claimed_row(0, 4))
    board["2,6"] = ["C", "P0"]
    state = position(board, turn=1, players=3, last_round={"caller": 0, "turns_left": 3})
    for action in (Roll((6, 6, 1)), Place(Placement(6, 6, "C"))):
        state, _ = apply(state, action)
    state, events = apply(state, Stop())
    assert events == (Stopped(1),)
    assert state.last_round == LastRound(0, 2)


def test_a_bust_in_the_last_round_still_uses_up_the_turn() -> None:
    board = {**claimed_row(0, 1), **claimed_row(0, 2), "6,6": ["C", "P0"], "1,3": ["S1"]}
    state = position(board, turn=0, last_round={"caller": 0, "turns_left": 1})
    state, events = apply(state, Roll((1, 1, 1)))
    assert events == (Bust(0), GameOver((0,)))
    assert state.phase is Phase.OVER


def test_no_action_is_accepted_after_the_game_is_over() -> None:
    over = position(
        {**claimed_row(0, 1), **claimed_row(0, 2), "6,6": ["C", "P0"]},
        phase="over",
        last_round={"caller": 0, "turns_left": 0},
    )
    for action in (Roll((1, 2, 3)), Stop(), Place(Placement(1, 1, "C")), TimeOut()):
        with pytest.raises(GameAlreadyOver):
            apply(over, action)
