"""The conformance protocol: every line answered, errors coded in the documented order."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.gold_nuggets.protocol import PROTOCOL
from tests.engine.protocol_process import answers_among_garbage, error, process_answers

START = {"players": 3, "turn": 0, "phase": "roll", "centre": 77, "nuggets": [0, 0, 0]}
DECIDE = {**START, "phase": "decide", "centre": 60, "nuggets": [7, 5, 5], "aside": {"N": 2, "5": 3}}
STEAL = {**DECIDE, "aside": {"L": 3, "N": 1}}
WAITING = {**START, "phase": "set_aside", "roll": list("NL23455")}
OVER = {"players": 2, "turn": 1, "phase": "over", "centre": 0, "nuggets": [40, 37]}


def ask(request: Any) -> Any:
    return PROTOCOL.handle_line(json.dumps(request).encode())


def apply(state: Any, *actions: Any) -> Any:
    return ask({"op": "apply", "state": state, "actions": list(actions)})


def legal(state: Any, dice: Any) -> Any:
    return ask({"op": "legal", "state": state, "dice": dice})


@pytest.mark.parametrize(
    "request_",
    [
        {"op": ["legal"], "state": START},
        {"op": "apply", "state": START},
        {"op": "apply", "state": START, "actions": {"take": "centre"}},
        {"op": "apply", "state": {"players": 99}, "actions": None},
    ],
)
def test_a_request_of_the_wrong_shape_is_a_bad_request(request_: Any) -> None:
    assert ask(request_) == error("bad_request")


def test_legal_without_dice_is_bad_dice_not_a_bad_request() -> None:
    assert ask({"op": "legal", "state": START}) == error("bad_dice")
    assert ask({"op": "legal", "state": {**START, "turn": 3}}) == error("invalid_state")


def test_a_bad_state_is_invalid_state_whatever_the_op() -> None:
    bad = {**START, "centre": 76}
    assert ask({"op": "score", "state": bad}) == error("invalid_state")
    assert legal(bad, "nonsense") == error("invalid_state")
    assert apply(bad, {"jump": 1}) == error("invalid_state")
    assert ask({"op": "score", "state": [START]}) == error("invalid_state")


def test_legal_checks_the_phase_before_the_dice() -> None:
    assert legal(WAITING, 7) == error("wrong_phase")
    assert legal(OVER, None) == error("wrong_phase")
    take = {**START, "phase": "take", "aside": {"N": 7}}
    assert legal(take, []) == error("wrong_phase")
    assert legal(START, list("NNNNNN")) == error("bad_dice")
    assert legal(DECIDE, list("NNNNNNN")) == error("bad_dice")
    assert legal(START, [*"NNNNNN", "n"]) == error("bad_dice")
    assert legal(START, [*"NNNNNN", 2]) == error("bad_dice")
    assert legal(START, "NNNNNNN") == error("bad_dice")
    assert legal(DECIDE, list("LN")) == {
        "ok": True,
        "choices": [{"N": 1}, {"L": 1}, {"L": 1, "N": 1}],
    }
    assert legal(DECIDE, list("23")) == {"ok": True, "choices": []}


def test_each_action_is_checked_shape_then_game_over_then_phase_then_dice_then_legality() -> None:
    assert apply(OVER, {"jump": True}) == error("bad_action", 0)
    assert apply(OVER, {"take": 1.0}) == error("bad_action", 0)
    assert apply(OVER, {"roll": "anything"}) == error("game_over", 0)
    assert apply(START, {"set_aside": {"N": 1}}) == error("wrong_phase", 0)
    assert apply(START, {"roll": list("NNNNNN")}) == error("bad_dice", 0)
    assert apply(WAITING, {"roll": list("NNNNNN")}) == error("wrong_phase", 0)
    assert apply(START, {"roll": list("NL23455")}, {"set_aside": {"3": 1}}) == error(
        "illegal_set_aside", 1
    )
    assert apply(STEAL, {"take": 3}) == error("illegal_take", 0)
    assert apply(STEAL, {"take": -1}) == error("illegal_take", 0)
    assert apply(DECIDE, {"take": 1}) == error("illegal_take", 0)


@pytest.mark.parametrize(
    "action",
    [
        {"roll": list("NL23455"), "take": "centre"},
        {},
        [{"take": "centre"}],
        "take",
        {"take": "Centre"},
        {"take": True},
        {"take": None},
        {"take": "1"},
        {"set_aside": {"n": 1}},
        {"set_aside": {"N": -1}},
        {"set_aside": {"N": 1.0}},
        {"set_aside": {"N": True}},
        {"set_aside": {"6": 1}},
        {"set_aside": [["N", 1]]},
        {"set_aside": None},
        {"stop": True},
        {"timeout": True},
    ],
)
def test_an_action_of_the_wrong_shape_is_a_bad_action(action: Any) -> None:
    assert apply(WAITING, action) == error("bad_action", 0)


def test_a_failing_action_returns_no_state_even_after_good_ones() -> None:
    assert apply(START, {"roll": list("NL23455")}, {"set_aside": {"N": 1}}, {"take": 2}) == error(
        "illegal_take", 2
    )


def test_an_empty_action_list_answers_the_state_in_answer_form() -> None:
    lean = {**START, "extra": "ignored", "roll": "ignored outside set_aside"}
    assert apply(
        lean,
    ) == {"ok": True, "state": {**START, "aside": {}}, "events": []}


def test_answers_leave_zero_counts_out_and_carry_the_roll_only_while_it_waits() -> None:
    rolled = apply(START, {"roll": list("NL23455")})
    assert rolled["state"]["roll"] == list("NL23455")
    done = apply(rolled["state"], {"set_aside": {"L": 0, "N": 1, "5": 0}})
    assert done["state"] == {**START, "phase": "decide", "aside": {"N": 1}}


def test_score_lists_every_seat_and_the_leaders() -> None:
    assert ask({"op": "score", "state": OVER}) == {
        "ok": True,
        "scores": [{"seat": 0, "nuggets": 40}, {"seat": 1, "nuggets": 37}],
        "winners": [0],
    }
    assert ask({"op": "score", "state": START})["winners"] == [0, 1, 2]


def test_a_json_integer_of_any_length_is_an_integer() -> None:
    line = json.dumps({"op": "apply", "state": STEAL, "actions": [{"take": 1}]})
    line = line.replace('"take": 1', '"take": 1' + "0" * 5000)
    assert process_answers("gold_nuggets", [line.encode()]) == [error("illegal_take", 0)]


def test_the_process_answers_every_line_in_order_and_survives_garbage() -> None:
    scored, legal = answers_among_garbage(
        "gold_nuggets",
        {"op": "score", "state": START},
        {"op": "legal", "state": START, "dice": list("2223344")},
    )
    assert scored["winners"] == [0, 1, 2]
    assert legal == {"ok": True, "choices": [{"2": 3}]}
