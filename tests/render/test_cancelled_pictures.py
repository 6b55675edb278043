"""A cancelled game's picture shows the game as it stood and asks nobody to act: no
"Choose A–C", no player's row marked to move, in every game's renderer."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engine.claimit import GameState, Roll, apply
from i18n import english, language
from render.claim.gallery import table_views
from render.claim.table_image import labels as claim_labels
from render.claimit.board_image import labels as claimit_labels
from render.claimit.view import View
from render.common.label import Label
from render.gold_nuggets.gallery import views as nuggets_views
from render.gold_nuggets.table_image import labels as nuggets_labels

EN = english()


def texts(found: Sequence[Label]) -> set[str]:
    return {label.text for label in found}


def test_a_cancelled_claim_it_board_asks_for_no_placement() -> None:
    state, _ = apply(GameState.new(3), Roll((1, 2, 3)))
    running = texts(claimit_labels(state, View(names=("Ann", "Bo", "Cy"), lang=EN)))
    assert any(text.startswith("Choose A") for text in running)
    closed = texts(claimit_labels(state, View(names=("Ann", "Bo", "Cy"), lang=EN, closed=True)))
    assert "Game cancelled" in closed and not any(t.startswith("Choose") for t in closed)
    german = View(names=("Ann", "Bo", "Cy"), lang=language("de"), closed=True)
    assert "Game cancelled" not in texts(claimit_labels(state, german))


def test_a_cancelled_gold_nuggets_table_asks_for_no_roll() -> None:
    for name, view in nuggets_views():
        if view.over or view.lang.code != "en":
            continue
        closed = texts(nuggets_labels(replace(view, closed=True)))
        assert "Game cancelled" in closed, name
        assert not {"Roll the dice", "Set aside", "BUST!"} & closed, name


def test_a_cancelled_claim_table_asks_nobody_to_play() -> None:
    for name, view in table_views(EN):
        if view.phase == "over":
            continue
        closed = texts(claim_labels(replace(view, to_act=(), closed=True)))
        assert "Game cancelled" in closed, name
        assert not any("to play" in t or " leads" in t for t in closed), name
