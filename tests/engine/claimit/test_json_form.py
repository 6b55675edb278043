"""The JSON form of actions and events (states are covered by the validation tests)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.claimit import (
    BadAction,
    Bust,
    GameOver,
    LastRoundCalled,
    Place,
    Placement,
    Roll,
    Stop,
    Stopped,
    action_from_json,
    action_to_json,
    event_to_json,
)


@pytest.mark.parametrize(
    "action",
    [Roll((1, 2, 3)), Place(Placement(2, 5, "S3")), Place(Placement(4, 4, "C")), Stop()],
)
def test_actions_round_trip(action: Any) -> None:
    assert action_from_json(action_to_json(action)) == action


def test_roll_values_are_left_for_the_rules_to_judge() -> None:
    assert action_from_json({"roll": [0, 9]}) == Roll((0, 9))
    assert action_from_json({"roll": "three"}) == Roll(())


@pytest.mark.parametrize(
    "data",
    [
        {"reroll": True},
        {},
        {"roll": [1, 2, 3], "stop": True},
        {"stop": False},
        {"stop": 1},
        {"place": {"col": 1, "row": 1}},
        {"place": {"col": "1", "row": 1, "marker": "C"}},
        {"place": {"col": 1, "row": True, "marker": "C"}},
        {"place": {"col": 1, "row": 1, "marker": "S7"}},
        {"place": {"col": 1, "row": 1, "marker": "P0"}},
        {"place": [1, 1, "C"]},
        [],
        "stop",
        None,
    ],
)
def test_a_malformed_action_is_a_bad_action(data: Any) -> None:
    with pytest.raises(BadAction):
        action_from_json(data)


def test_events_are_written_as_the_protocol_names_them() -> None:
    assert event_to_json(Bust(1)) == {"event": "bust", "seat": 1}
    assert event_to_json(Stopped(0)) == {"event": "stop", "seat": 0}
    assert event_to_json(LastRoundCalled(2)) == {"event": "last_round", "seat": 2}
    assert event_to_json(GameOver((0, 2))) == {"event": "game_over", "winners": [0, 2]}
