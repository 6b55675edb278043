"""The dice games' time-out, and the pass it ends a turn with when nothing was kept, have
the same JSON form in each game."""

from __future__ import annotations

from types import ModuleType

import pytest

import engine.claimit
import engine.gold_nuggets

DICE_GAMES = [engine.claimit, engine.gold_nuggets]


@pytest.mark.parametrize("game", DICE_GAMES, ids=["claimit", "gold_nuggets"])
def test_json_forms(game: ModuleType) -> None:
    assert game.action_to_json(game.TimeOut()) == {"timeout": True}
    assert game.action_from_json({"timeout": True}) == game.TimeOut()
    assert game.event_to_json(game.Passed(3)) == {"event": "pass", "seat": 3}
    with pytest.raises(game.BadAction, match="time-out"):
        game.action_from_json({"timeout": False})
