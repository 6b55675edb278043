"""The single turn's worths and busting rolls as shipped (``turn_table``): what the solver
and the counting give now, byte for byte; what the odds and the computer players read, so
that showing the odds never solves the turn; a key no turn reaches refused; and the
set-asides kept for the pairs used last only."""

from __future__ import annotations

import fnmatch
import subprocess
import sys
import tomllib
from fractions import Fraction
from itertools import combinations_with_replacement
from pathlib import Path

import pytest

from engine.gold_nuggets import turn_table
from engine.gold_nuggets.dice import CHOICES_KEPT, FACES, Counts, choices
from engine.gold_nuggets.odds import bust_chance, busting_rolls
from engine.gold_nuggets.policy import _table, roll_on_value, worth_after
from scripts.gold_nuggets_turn_table import solved

ROOT = Path(__file__).resolve().parents[3]


def test_the_shipped_table_is_what_the_solver_gives_now() -> None:
    shipped = (ROOT / "engine" / "gold_nuggets" / turn_table.TABLE_FILE).read_bytes()
    assert solved() == shipped
    assert turn_table.from_bytes(shipped) == turn_table.shipped()
    assert turn_table.to_bytes(turn_table.shipped()) == shipped


def test_it_ships_as_package_data_and_refuses_a_part_of_itself() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = data["tool"]["setuptools"]["package-data"]["engine"]
    assert any(fnmatch.fnmatch(f"gold_nuggets/{turn_table.TABLE_FILE}", p) for p in patterns)
    shipped = (ROOT / "engine" / "gold_nuggets" / turn_table.TABLE_FILE).read_bytes()
    with pytest.raises(ValueError, match="a turn table is 90624 bytes, not 90616"):
        turn_table.from_bytes(shipped[:-8])


@pytest.mark.parametrize("bonus", [True, False], ids=["bonus", "no bonus"])
def test_the_worths_read_are_the_solvers_at_every_key(bonus: bool) -> None:
    turn = _table(bonus)
    for key in turn_table.grid():
        assert roll_on_value(*key, bonus=bonus) == turn.roll_on(*key)[0]
        assert worth_after(*key, bonus=bonus) == turn.after(*key)[0]


def test_no_turn_reaches_past_the_table_and_a_key_past_it_is_refused() -> None:
    # A turn's value counts each die's nugget and each number once: two new numbers take
    # six of the seven dice.
    assert turn_table.VALUES > 5 + 4 + 1
    for past in ((7, 0, turn_table.VALUES), (8, 0, 0), (7, 16, 0), (-1, 0, 0)):
        with pytest.raises(ValueError, match="no turn has"):
            roll_on_value(*past)
        with pytest.raises(ValueError, match="no turn has"):
            worth_after(*past)


def test_the_busting_rolls_read_are_counted_ones() -> None:
    for left in range(turn_table.LEFT):
        for numbers in range(turn_table.ASIDE):
            assert turn_table.busting(left, numbers) == busting_rolls(left, numbers)
            assert bust_chance(left, numbers) == Fraction(busting_rolls(left, numbers), 6**left)
    with pytest.raises(ValueError, match="no turn rolls 8 dice"):
        bust_chance(8, 0)


READS = """
from engine.gold_nuggets import GameState, Roll, SetAside, apply, policy
from engine.gold_nuggets.dice import Face, choices
from engine.gold_nuggets.odds import roll_odds

state = GameState.new(2, first=0)
fresh = roll_odds(state)
state, _ = apply(state, Roll(tuple(Face(f) for f in "LNN2345")))
state, _ = apply(state, SetAside(state.pending_choices()[-1]))
decided = roll_odds(state)
print(policy._table.cache_info().currsize, choices.cache_info().currsize)
"""


def test_showing_the_odds_solves_nothing() -> None:
    done = subprocess.run(
        [sys.executable, "-c", READS], capture_output=True, text=True, check=True, cwd=ROOT
    )
    solved_turns, pairs = done.stdout.split()
    assert solved_turns == "0"
    # The roll's own, asked as it came and as it was set aside from.
    assert int(pairs) <= 2


def test_the_set_asides_are_kept_for_the_pairs_used_last_only() -> None:
    rolls = [
        Counts.of(faces)
        for dice in range(1, 8)
        for faces in combinations_with_replacement(FACES, dice)
    ]
    pairs = [(numbers, roll) for numbers in range(16) for roll in rolls][: CHOICES_KEPT + 1]
    choices.cache_clear()
    for pair in pairs[:CHOICES_KEPT]:
        choices(*pair)
    assert choices.cache_info().currsize == CHOICES_KEPT
    choices(*pairs[0])
    assert choices.cache_info().hits == 1
    choices(*pairs[CHOICES_KEPT])
    assert choices.cache_info().currsize == CHOICES_KEPT
    # The least recently used went: the second pair, as the first was used again.
    choices(*pairs[1])
    assert choices.cache_info().misses == CHOICES_KEPT + 2
