"""A board action is asked for by its name alone: two features may not declare one name."""

from __future__ import annotations

import pytest

from bot.features.rematch import REMATCH
from bot.features.takebacks import TAKE_BACK
from bot.service.feature_registry import Feature, board_actions_of, discovered


def test_the_features_actions_come_in_their_order() -> None:
    names = [action.name for action in board_actions_of(discovered())]
    assert names == [REMATCH.name, TAKE_BACK.name]


def test_two_features_declaring_one_action_are_a_mistake() -> None:
    twice = (Feature(board_actions=(REMATCH,)), Feature(board_actions=(REMATCH,)))
    with pytest.raises(TypeError, match="one board action"):
        board_actions_of(twice)
