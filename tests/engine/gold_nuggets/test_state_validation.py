"""A position is checked on the way in: everything the State section requires, types included."""

from __future__ import annotations

from typing import Any

import pytest

from engine.gold_nuggets import (
    CENTRE_START,
    EMPTY,
    Counts,
    Face,
    GameState,
    InvalidState,
    Phase,
    state_from_json,
    state_to_json,
)

GOOD = {"players": 3, "turn": 1, "phase": "decide", "centre": 60, "nuggets": [7, 5, 5]}


def valid(**changes: Any) -> dict[str, Any]:
    return {**GOOD, "aside": {"N": 2, "5": 3}, **changes}


def test_the_good_example_is_valid_and_aside_may_be_left_out() -> None:
    assert state_from_json(valid()).value == 7
    start = state_from_json({**GOOD, "phase": "roll"})
    assert start.aside == EMPTY


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"players": 1, "nuggets": [17]}, "players"),
        ({"players": 6, "nuggets": [3, 3, 3, 4, 4, 0]}, "players"),
        ({"players": 3.0}, "players"),
        ({"players": True}, "players"),
        ({"turn": 3}, "turn"),
        ({"turn": -1}, "turn"),
        ({"turn": False}, "turn"),
        ({"phase": "Decide"}, "phase"),
        ({"phase": None}, "phase"),
        ({"phase": ["decide"]}, "phase"),
        ({"centre": 61, "nuggets": [7, 10, -1]}, "nuggets"),
        ({"centre": 60.0}, "centre"),
        ({"centre": -1, "nuggets": [78, 0, 0]}, "centre"),
        ({"nuggets": [7, 10]}, "nuggets"),
        ({"nuggets": [7, 5, 5, 0]}, "nuggets"),
        ({"nuggets": (7, 5, 5)}, "nuggets"),
        ({"nuggets": [7, 5, 5.0]}, "nuggets"),
        ({"nuggets": [7, 5, True]}, "nuggets"),
        ({"nuggets": [7, 5, 6]}, "make 77"),
        ({"aside": None}, "aside"),
        ({"aside": [["N", 2]]}, "aside"),
        ({"aside": {"N": -1}}, "aside"),
        ({"aside": {"N": 1.0}}, "aside"),
        ({"aside": {"N": True}}, "aside"),
        ({"aside": {"n": 1}}, "aside"),
        ({"aside": {"1": 1}}, "aside"),
        ({"aside": {"2": 1}}, "three dice or not at all"),
        ({"aside": {"4": 2, "N": 1}}, "three dice or not at all"),
        ({"aside": {}}, "phase decide"),
        ({"aside": {"L": 7}}, "phase decide"),
    ],
)
def test_a_malformed_state_is_invalid_and_the_message_names_the_problem(
    changes: dict[str, Any], problem: str
) -> None:
    with pytest.raises(InvalidState, match=problem):
        state_from_json(valid(**changes))


@pytest.mark.parametrize("missing", ["players", "turn", "phase", "centre", "nuggets"])
def test_every_field_but_aside_is_required(missing: str) -> None:
    data = valid()
    del data[missing]
    with pytest.raises(InvalidState, match=missing):
        state_from_json(data)


def test_the_centre_is_empty_exactly_when_the_game_is_over() -> None:
    with pytest.raises(InvalidState, match="centre"):
        state_from_json({**GOOD, "phase": "over"})
    with pytest.raises(InvalidState, match="centre"):
        state_from_json({**GOOD, "phase": "roll", "centre": 0, "nuggets": [7, 5, 65]})
    over = state_from_json({**GOOD, "phase": "over", "centre": 0, "nuggets": [7, 5, 65]})
    assert over.phase is Phase.OVER


@pytest.mark.parametrize(
    ("phase", "fits", "does_not_fit"),
    [
        ("roll", [0], [1]),
        ("decide", [1, 6], [0, 7]),
        ("take", [7], [6]),
        ("over", [0], [1]),
    ],
)
def test_the_dice_set_aside_fit_the_phase(
    phase: str, fits: list[int], does_not_fit: list[int]
) -> None:
    centre = {"centre": 0, "nuggets": [7, 5, 65]} if phase == "over" else {}
    for n in fits:
        state_from_json({**GOOD, **centre, "phase": phase, "aside": {"L": n}})
    for n in does_not_fit:
        with pytest.raises(InvalidState, match=f"phase {phase}"):
            state_from_json({**GOOD, **centre, "phase": phase, "aside": {"L": n}})


def test_a_waiting_roll_is_the_dice_not_set_aside_and_allows_a_set_aside() -> None:
    waiting = {**GOOD, "phase": "set_aside", "aside": {"3": 3}}
    assert state_from_json({**waiting, "roll": list("3222")}).roll == tuple(Face(c) for c in "3222")
    for roll in [list("322"), list("32222"), [3, 2, 2, 2], list("3x22"), "3222", None]:
        with pytest.raises(InvalidState, match="roll"):
            state_from_json({**waiting, "roll": roll})
    with pytest.raises(InvalidState, match="busted"):
        state_from_json({**waiting, "roll": list("2245")})
    with pytest.raises(InvalidState, match="roll"):
        state_from_json({k: v for k, v in waiting.items()})
    six = {**waiting, "aside": {"3": 6}, "roll": ["N"]}
    assert state_from_json(six).dice_left == 1
    with pytest.raises(InvalidState, match="set_aside"):
        state_from_json({**six, "aside": {"3": 7}, "roll": []})


def test_a_roll_outside_phase_set_aside_is_ignored_and_not_echoed() -> None:
    state = state_from_json(valid(roll=["not", "a", "roll"], extra={"x": 1}))
    assert state.roll is None
    assert set(state_to_json(state)) == {"players", "turn", "phase", "centre", "nuggets", "aside"}


def test_the_constructor_checks_too() -> None:
    with pytest.raises(InvalidState, match="only a roll waiting"):
        GameState(3, 0, Phase.ROLL, CENTRE_START, (0, 0, 0), EMPTY, (Face.NUGGET,) * 7)
    with pytest.raises(InvalidState, match="aside"):
        GameState(3, 0, Phase.DECIDE, CENTRE_START, (0, 0, 0), Counts(-1, 2))
    with pytest.raises(InvalidState, match="players"):
        GameState.new(6)
    with pytest.raises(InvalidState, match="turn"):
        GameState.new(2, first=2)
    assert GameState.new(5, first=4) == GameState(5, 4, Phase.ROLL, 77, (0,) * 5)


def test_phase_names_and_lists_are_taken_as_phases_and_tuples() -> None:
    state = GameState(2, 0, "decide", 77, [0, 0], Counts(nugget=1))  # type: ignore[arg-type]
    assert state.phase is Phase.DECIDE
    assert state.nuggets == (0, 0)
    assert hash(state) == hash(GameState(2, 0, Phase.DECIDE, 77, (0, 0), Counts(nugget=1)))
