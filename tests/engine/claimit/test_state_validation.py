"""Building a state from outside data rejects every position no legal play reaches."""

from __future__ import annotations

from typing import Any

import pytest

from engine.claimit import GameState, InvalidState, Phase, Space, state_from_json
from tests.engine.claimit.positions import position

VALID: dict[str, Any] = {
    "players": 3,
    "variant": False,
    "turn": 0,
    "phase": "roll",
    "board": {"5,2": ["P1", "S4"], "6,3": ["C", "P0"]},
    "last_round": None,
}


def with_(**changes: Any) -> dict[str, Any]:
    return {**VALID, **changes}


def test_the_documented_example_state_is_valid() -> None:
    state = state_from_json(VALID)
    assert state.stack(Space(5, 2)) == ("P1", "S4")
    assert state.stack(Space(6, 3)) == ("C", "P0")
    assert state.stack(Space(1, 1)) == ()


def test_variant_and_last_round_may_be_left_out_and_unknown_fields_are_ignored() -> None:
    data = {k: v for k, v in VALID.items() if k not in ("variant", "last_round")}
    data["comment"] = "ignored"
    state = state_from_json(data)
    assert state.variant is False
    assert state.last_round is None


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ([], "JSON object"),
        (with_(players=1), "players"),
        (with_(players=6), "players"),
        (with_(players="3"), "players"),
        (with_(players=True), "players"),
        (with_(players=3.0), "players"),
        (with_(turn=3), "turn"),
        (with_(turn=-1), "turn"),
        (with_(phase="bust"), "phase"),
        (with_(variant="no"), "variant"),
        (with_(variant=None), "variant"),
        ({k: v for k, v in VALID.items() if k != "board"}, "board"),
        ({k: v for k, v in VALID.items() if k != "turn"}, "turn"),
        (with_(board=[]), "board"),
        (with_(board={"7,1": ["P0"]}), "not a space"),
        (with_(board={"0,1": ["P0"]}), "not a space"),
        (with_(board={"1,1,1": ["P0"]}), "not a space"),
        (with_(board={"1,1": "P0"}), "list of markers"),
        (with_(board={"1,1": []}), "no marker"),
        (with_(board={"1,1": ["P3"]}), "seats 0-2"),
        (with_(board={"1,1": ["X"]}), "not a marker"),
        (with_(board={"1,1": [7]}), "not a marker"),
        (with_(board={"1,1": ["S7"]}), "not a marker"),
        (with_(board={"1,1": ["S2"], "2,2": ["S2"]}), "one squatter of each number"),
        (with_(board={"1,1": ["P0", "S2"]}), "never sits on the marker of the player to move"),
        (with_(board={"1,1": ["P0", "S2", "C"]}), "never sits on the marker of the player to move"),
        (with_(board={"1,1": ["P1", "C"]}), "only over a squatter"),
        (with_(board={"1,1": ["C"]}), "only in the rule variant"),
        (with_(variant=True, board={"1,1": ["S1", "C"]}), "replaces the squatter"),
        (with_(variant=True, board={"1,1": ["P1", "S1", "C"]}), "replaces the squatter"),
        (with_(board={"1,1": ["P0", "P1"]}), "no legal play builds"),
        (with_(board={"1,1": ["C", "C"]}), "no legal play builds"),
        (with_(board={"1,1": ["C", "P0", "S1"]}), "no legal play builds"),
        (with_(board={"1,1": ["S1", "P0"]}), "no legal play builds"),
        (with_(board={"1,1": ["S1", "S2"]}), "no legal play builds"),
        (with_(board={"1,1": ["P1", "S1", "C", "C"]}), "no legal play builds"),
        (with_(last_round={"caller": 3, "turns_left": 1}), "caller"),
        (with_(last_round={"caller": 0, "turns_left": 4}), "turns_left"),
        (with_(last_round={"caller": 0, "turns_left": 0}), "0 exactly when the game is over"),
        (with_(last_round={"caller": 0}), "last_round"),
        (with_(last_round=[0, 1]), "last_round"),
        (with_(phase="over", board={}), "only be over after its last round"),
        (
            with_(phase="over", last_round={"caller": 0, "turns_left": 1}),
            "0 exactly when the game is over",
        ),
        (
            with_(phase="over", last_round={"caller": 0, "turns_left": 0}),
            "no turn is in progress",
        ),
        (with_(phase="place"), "rolled dice"),
        (with_(phase="place", dice=[1, 2]), "rolled dice"),
        (with_(phase="place", dice=[1, 2, 7]), "rolled dice"),
        (with_(phase="place", dice="123"), "rolled dice"),
    ],
)
def test_an_impossible_state_is_rejected_with_its_problem_named(data: Any, problem: str) -> None:
    with pytest.raises(InvalidState, match=problem):
        state_from_json(data)


def test_more_than_30_claim_markers_is_invalid() -> None:
    board = {f"{c},{r}": ["C", f"P{(c + r) % 2}"] for r in range(1, 6) for c in range(1, 7)}
    assert len(board) == 30
    position(board, last_round={"caller": 0, "turns_left": 2})
    board["1,6"] = ["P1", "S1", "C"]
    with pytest.raises(InvalidState, match="31 claim markers"):
        position(board, last_round={"caller": 0, "turns_left": 2})


def test_a_pending_roll_must_offer_a_placement_or_it_would_have_busted() -> None:
    position({"1,1": ["S4"]}, phase="place", dice=[4, 4, 1])
    with pytest.raises(InvalidState, match="would have busted"):
        position({"1,1": ["S4"]}, phase="place", dice=[4, 4, 4])


def test_the_turn_relative_stacks_are_valid_for_the_right_player() -> None:
    position({"1,1": ["P1", "S2"], "2,2": ["P0", "C"], "3,3": ["P1", "S3", "C"]}, turn=0)
    position({"1,1": ["P0", "S2"], "2,2": ["P1", "C"], "3,3": ["P0", "S3", "C"]}, turn=1)
    position({"1,1": ["C"], "2,2": ["P1", "C"], "3,3": ["P0", "C"]}, turn=0, variant=True)


def test_the_python_constructor_checks_like_the_json_reader() -> None:
    with pytest.raises(InvalidState, match="not a space"):
        GameState(2, board={(7, 1): ["P0"]})
    with pytest.raises(InvalidState, match="phase"):
        GameState(2, phase="waiting")
    state = GameState(2, board={(1, 1): ["P0"]}, phase=Phase.PLACE, dice=[2, 2, 3])
    assert state.dice == (2, 2, 3)
