"""A board action, or a board place, is asked for by its name alone: two features may not
declare one name."""

from __future__ import annotations

import pytest

from bot.service.feature_registry import (
    Feature,
    board_actions_of,
    board_places_of,
    discovered,
)


def test_the_features_actions_come_in_their_order() -> None:
    names = [action.name for action in board_actions_of(discovered())]
    assert names == ["rematch", "takeback", "hint"]


def test_two_features_declaring_one_action_are_a_mistake() -> None:
    rematch = board_actions_of(discovered())[0]
    twice = (Feature(board_actions=(rematch,)), Feature(board_actions=(rematch,)))
    with pytest.raises(TypeError, match="one board action"):
        board_actions_of(twice)


def test_the_features_places_and_two_of_one_name() -> None:
    places = board_places_of(discovered())
    assert [place.name for place in places] == ["lesson", "drills", "drill_themes", "daily"]
    twice = (Feature(board_places=places[:1]), Feature(board_places=places[:1]))
    with pytest.raises(TypeError, match="one board place"):
        board_places_of(twice)
