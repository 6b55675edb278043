"""A drill names each option as the table marks it, in the channel and on the board alike,
in English and German, as a hint does (tests/features/hints/test_option_names.py)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.activity.places import place_view
from bot.features.drills.board import asking
from bot.features.drills.discord.cards import drill_card
from bot.features.drills.discord.controls import EVERY_GAME, DrillAnswer
from bot.features.drills.drill import Drill
from bot.features.drills.schedule import new_card
from i18n import english, language
from tests.features.hints.test_option_names import expected, marks
from tests.lesson_decisions import ANN, DECISIONS

NOW = 1_000_000.0


@pytest.mark.parametrize("made", list(DECISIONS))
async def test_a_drill_names_each_option_as_the_table_marks_it(made: str) -> None:
    at = DECISIONS[made]()
    chosen = at.weighed.worths[-1][0]
    new = new_card(0)
    drill = Drill(
        7,
        ANN,
        at.game.kind,
        at.seat,
        at.game.state,
        at.weighed,
        chosen,
        3,
        5,
        2,
        new,
        0.0,
        4,
        False,
    )
    for lang in (english(), language("de")):
        wanted = expected(at, lang)
        card = await drill_card(drill, at.game, EVERY_GAME, 0, lang)
        rows = card.rows + (card.below.rows if card.below is not None else ())
        buttons: dict[str, Any] = {
            item.option: item.item.label
            for row in rows
            for item in row
            if isinstance(item, DrillAnswer)
        }
        view = place_view("drills", asking(drill, at.game, 0, 1, lang), ANN, lang, NOW)
        ways = {
            way["ask"].removeprefix("pick:"): way["label"]
            for way in view["ways"]
            if way["ask"].startswith("pick:")
        }
        assert buttons == ways
        for option, mark in wanted.items():
            assert marks(ways[option], mark), (option, ways[option], mark)
