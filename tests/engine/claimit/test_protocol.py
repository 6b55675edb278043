"""The conformance protocol: every line answered, errors coded in the documented order."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.claimit.protocol import PROTOCOL
from tests.engine.protocol_process import answers_among_garbage, error

EMPTY = {
    "players": 2,
    "variant": False,
    "turn": 0,
    "phase": "roll",
    "board": {},
    "last_round": None,
}
OVER = {
    "players": 2,
    "turn": 0,
    "phase": "over",
    "board": {"1,1": ["C", "P0"]},
    "last_round": {"caller": 0, "turns_left": 0},
}


def ask(request: Any) -> Any:
    return PROTOCOL.handle_line(json.dumps(request).encode())


@pytest.mark.parametrize(
    "request_",
    [
        {"op": "legal", "state": EMPTY},
        {"op": "apply", "state": EMPTY},
        {"op": "apply", "state": EMPTY, "actions": {"stop": True}},
    ],
)
def test_a_request_of_the_wrong_shape_is_a_bad_request(request_: Any) -> None:
    assert ask(request_) == error("bad_request")


def test_the_request_shape_is_checked_before_the_state() -> None:
    assert ask({"op": "legal", "state": {"players": 9}}) == error("bad_request")


def test_a_bad_state_is_invalid_state_whatever_the_op() -> None:
    bad = {**EMPTY, "board": {"1,1": ["S1"], "2,2": ["S1"]}}
    assert ask({"op": "score", "state": bad}) == error("invalid_state")
    assert ask({"op": "legal", "state": bad, "dice": [0]}) == error("invalid_state")
    assert ask({"op": "apply", "state": bad, "actions": [{"x": 1}]}) == error("invalid_state")
    assert ask({"op": "score", "state": "none"}) == error("invalid_state")


def test_legal_checks_the_phase_before_the_dice() -> None:
    placing = {**EMPTY, "phase": "place", "dice": [1, 2, 3]}
    assert ask({"op": "legal", "state": placing, "dice": [9]}) == error("wrong_phase")
    assert ask({"op": "legal", "state": OVER, "dice": [1, 2, 3]}) == error("wrong_phase")
    assert ask({"op": "legal", "state": EMPTY, "dice": "123"}) == error("bad_dice")


def test_each_action_is_checked_shape_then_game_over_then_dice_then_phase_then_legality() -> None:
    def apply(state: Any, *actions: Any) -> Any:
        return ask({"op": "apply", "state": state, "actions": list(actions)})

    assert apply(OVER, {"jump": True}) == error("bad_action", 0)
    assert apply(OVER, {"roll": [0, 0, 0]}) == error("game_over", 0)
    assert apply(EMPTY, {"roll": [1, 2, 3]}, {"roll": [0, 0, 0]}) == error("bad_dice", 1)
    assert apply(EMPTY, {"roll": [1, 2, 3]}, {"roll": [1, 2, 3]}) == error("wrong_phase", 1)
    placement = {"place": {"col": 6, "row": 6, "marker": "S6"}}
    assert apply(EMPTY, {"roll": [1, 2, 3]}, placement) == error("illegal_placement", 1)
    off_board = {"place": {"col": 9, "row": 1, "marker": "S1"}}
    assert apply(EMPTY, {"roll": [1, 2, 3]}, off_board) == error("illegal_placement", 1)


def test_an_answer_state_carries_variant_and_last_round_and_dice_only_when_placing() -> None:
    lean = {k: v for k, v in EMPTY.items() if k not in ("variant", "last_round")}
    placing = ask({"op": "apply", "state": lean, "actions": [{"roll": [1, 2, 3]}]})
    assert placing["state"] == {**EMPTY, "phase": "place", "dice": [1, 2, 3]}
    placed = ask(
        {
            "op": "apply",
            "state": placing["state"],
            "actions": [{"place": {"col": 1, "row": 2, "marker": "S3"}}],
        }
    )
    assert placed == {"ok": True, "state": {**EMPTY, "board": {"1,2": ["S3"]}}, "events": []}


def test_an_empty_action_list_answers_the_state_unchanged() -> None:
    assert ask({"op": "apply", "state": EMPTY, "actions": []}) == {
        "ok": True,
        "state": EMPTY,
        "events": [],
    }


def test_the_process_answers_every_line_in_order_and_survives_garbage() -> None:
    scored, legal = answers_among_garbage(
        "claimit",
        {"op": "score", "state": EMPTY},
        {"op": "legal", "state": EMPTY, "dice": [4, 4, 4]},
    )
    assert scored["winners"] == [0, 1]
    assert legal == {"ok": True, "placements": [{"col": 4, "row": 4, "marker": "S4"}]}


def test_a_time_out_is_no_action_of_the_protocol() -> None:
    """Only the bot's clock plays a time-out; the protocol's actions are roll, place and
    stop, so it is answered like any other unknown action."""
    request = {"op": "apply", "state": EMPTY, "actions": [{"timeout": True}]}
    assert ask(request) == error("bad_action", 0)
