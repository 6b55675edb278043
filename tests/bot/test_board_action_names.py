"""A board action, or a board place, is asked for by its name alone: two features may not
declare one name."""

from __future__ import annotations

import pytest

from bot.features.drills.board import DRILLS_PLACE
from bot.features.hints.board import HINT
from bot.features.lessons.board import LESSONS
from bot.features.rematch import REMATCH
from bot.features.takebacks import TAKE_BACK
from bot.service.feature_registry import (
    Feature,
    board_actions_of,
    board_places_of,
    discovered,
)


def test_the_features_actions_come_in_their_order() -> None:
    names = [action.name for action in board_actions_of(discovered())]
    assert names == [REMATCH.name, TAKE_BACK.name, HINT.name]


def test_two_features_declaring_one_action_are_a_mistake() -> None:
    twice = (Feature(board_actions=(REMATCH,)), Feature(board_actions=(REMATCH,)))
    with pytest.raises(TypeError, match="one board action"):
        board_actions_of(twice)


def test_the_features_places_and_two_of_one_name() -> None:
    assert [place.name for place in board_places_of(discovered())] == [
        LESSONS.name,
        DRILLS_PLACE.name,
    ]
    twice = (Feature(board_places=(LESSONS,)), Feature(board_places=(LESSONS,)))
    with pytest.raises(TypeError, match="one board place"):
        board_places_of(twice)
