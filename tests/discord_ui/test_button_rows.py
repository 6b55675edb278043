"""Buttons go on balanced rows: never a lone button under a full row."""

from __future__ import annotations

import random

from bot.discord_ui.card_layout import ROW_WIDTH, balanced
from bot.discord_ui.face_drawing import buttons, rows_of
from bot.discord_ui.part_registry import controls_drawn
from bot.games.face import Choice, Control, Menu, OpenPrivate, Option
from engine.claimit import Phase
from i18n import english
from tests.engine.claimit.playout import random_game
from tests.games.claimit.tables import table


def test_rows_are_as_few_as_the_width_allows_and_as_even_as_can_be() -> None:
    for count in range(5 * ROW_WIDTH + 1):
        sizes = balanced(count)
        assert sum(sizes) == count
        assert len(sizes) == -(-count // ROW_WIDTH)
        assert all(size <= ROW_WIDTH for size in sizes)
        assert sizes == sorted(sizes, reverse=True)
        assert not sizes or max(sizes) - min(sizes) <= 1, sizes
    assert balanced(6) == [3, 3]
    assert balanced(11) == [4, 4, 3]
    assert len(balanced(13)) == 4, "a hand of 13 cards on at most four rows"


def test_a_menu_takes_a_row_of_its_own_between_runs_of_buttons() -> None:
    menu = Menu("take", "Take…", (Option("a", "A"),))
    shown: list[Control] = [
        *(Choice(str(n), str(n)) for n in range(6)),
        menu,
        OpenPrivate("My hand"),
        Choice("x", "x"),
    ]
    assert rows_of(shown) == [0, 0, 0, 1, 1, 1, 2, 3, 3]
    assert rows_of([menu, menu]) == [0, 1]
    assert rows_of([]) == []


def test_six_placements_of_claim_it_are_two_rows_of_three() -> None:
    rng = random.Random(29)
    for _ in range(200):
        for step in random_game(rng, 3):
            state = step.after
            if state.phase is Phase.PLACE and len(state.pending_placements()) == 6:
                rows = buttons(table(state), english(), controls_drawn())
                assert [len(row) for row in rows] == [3, 3]
                return
    raise AssertionError("no position with six placements in 200 random games")
