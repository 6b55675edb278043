"""The solved 2-player game (``exact_game``): the table its script builds, shipped as
package data, checked against figures found another way: the turn's exact worth from its
own programme, every position of a few centres against a turn played out by brute force
over the engine's own dice and set-asides, the issue's endgame, and rebuilt identically."""

from __future__ import annotations

import fnmatch
import tomllib
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

from engine.gold_nuggets import GameState, Take
from engine.gold_nuggets.dice import EMPTY, Counts, choices
from engine.gold_nuggets.exact import fresh_turn_worth
from engine.gold_nuggets.exact_game import (
    TABLE_FILE,
    from_bytes,
    outcomes,
    program,
    solve_centre,
    table,
    to_bytes,
    turn,
    win_chance,
)
from engine.gold_nuggets.judge import weighed
from engine.gold_nuggets.policy import distinct_rolls
from engine.gold_nuggets.win_chance import chances
from tests.engine.gold_nuggets.play import position

ROOT = Path(__file__).resolve().parents[3]


def test_the_first_mover_of_a_fresh_2_player_game_wins_53_percent() -> None:
    first = win_chance(77, 0)
    assert round(first, 4) == 0.5321
    assert chances(GameState.new(2, first=1)) == (1.0 - first, first)


class _Nuggets:
    """A turn's ends worth their nuggets (a bonus turn worth ``bonus``): the single-turn
    optimum, played through the solved game's own programme."""

    size = 1

    def __init__(self, bonus: float) -> None:
        self.bonus = bonus
        self.bust = [0.0]

    def end(self, value: int, steal: bool, seven: bool) -> list[float]:
        return [value + self.bonus if seven else float(value)]


def test_the_games_turn_programme_takes_a_turns_exact_worth_in_nuggets() -> None:
    worth = 4.5
    for _ in range(60):
        worth = turn(_Nuggets(worth), program())[(7, 0, 0, 0)][0]  # type: ignore[arg-type]
    assert abs(worth - float(fresh_turn_worth())) < 1e-12
    assert f"{worth:.4f}" == "4.6747"


def brute_force(centre: int, mover: int, lower: list[list[float]]) -> float:
    """The mover's chance at a turn's start, the turn played out over every roll of the
    dice (the engine's set-asides and values), each end worth ``lower``'s chance: the
    table's own for the same centre, so a table that is the game's solution repeats
    itself."""
    other = 77 - centre - mover

    def end(aside: Counts, seven: bool) -> float:
        amount = min(aside.value, centre)
        if amount == centre:
            best = 1.0 if mover + amount > other else 0.0
        elif seven:
            best = lower[centre - amount][mover + amount]
        else:
            best = 1.0 - lower[centre - amount][other]
        if aside.lasso >= 3:
            stolen = min(aside.value, other)
            robbed = lower[centre][mover + stolen] if seven else 1 - lower[centre][other - stolen]
            best = max(best, robbed)
        return best

    @cache
    def after(aside: Counts) -> float:
        if aside.total == 7:
            return end(aside, True)
        return max(end(aside, False), roll(aside))

    def roll(aside: Counts) -> float:
        left = 7 - aside.total
        total = 0.0
        for dice, weight in distinct_rolls(left):
            allowed = choices(aside.numbers, dice)
            bust = 1.0 - lower[centre][other]
            total += weight * (max(after(aside.plus(c)) for c in allowed) if allowed else bust)
        return float(total / 6**left)

    return roll(EMPTY)


@pytest.mark.parametrize("centre", [1, 2, 9, 40, 77])
def test_positions_are_what_a_turn_played_by_brute_force_gives(centre: int) -> None:
    solved = table()
    # Every tenth holding, and the close ones where one take or one steal decides.
    for mover in sorted({*range(0, 78 - centre, 10), *range(35, 42)} & set(range(78 - centre))):
        assert brute_force(centre, mover, solved) == pytest.approx(
            solved[centre][mover], abs=1e-13
        ), mover


def test_a_player_who_needs_any_take_to_win_wins_nearly_always() -> None:
    # The endgame: Bo to move at 40 against Ann's 36, one nugget left.
    assert f"{win_chance(1, 40):.1%}" == "99.6%"
    ann, bo = chances(position(players=2, turn=1, centre=1, nuggets=[36, 40]))
    assert bo == win_chance(1, 40) and ann == 1 - bo


@pytest.mark.parametrize("centre", [1, 77])
def test_the_script_rebuilds_a_centre_identically(centre: int) -> None:
    shipped = table()
    assert solve_centre(centre, shipped) == shipped[centre]


def test_the_table_reads_back_what_is_written_and_ships_as_package_data() -> None:
    shipped = table()
    assert [len(row) for row in shipped] == [0, *range(77, 0, -1)]
    assert from_bytes(to_bytes(shipped)) == shipped
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = data["tool"]["setuptools"]["package-data"]["engine"]
    assert any(fnmatch.fnmatch(f"gold_nuggets/{TABLE_FILE}", p) for p in patterns)
    assert (ROOT / "engine" / "gold_nuggets" / TABLE_FILE).stat().st_size == 3003 * 8


def test_the_programme_keeps_a_set_aside_of_less_value() -> None:
    # A nugget and a 3 rolled with the 3s already aside: setting aside the 3 keeps the
    # value where the nugget adds one, which can be what wins (not emptying the centre).
    found = set(outcomes(0b0010, Counts(nugget=1, three=1)))
    assert found >= {(1, 0b0010, 1, 0), (1, 0b0010, 0, 0)}
    start = program().rolls[(7, 0, 0, 0)]
    assert {child for children, _ in start for child in children} >= {(6, 0, 1, 0), (6, 0, 0, 1)}


def test_the_hint_on_the_worked_examples_position_is_the_steal() -> None:
    # Playing's "Gold Nuggets, by hand": Ann (36) has three lassos and three 3s aside, one
    # die left; Bo holds 40, the centre 1.
    state = position(players=2, phase="decide", aside={"L": 3, "3": 3}, centre=1, nuggets=[36, 40])
    found = weighed(state)
    assert found is not None
    _, worths, chance = found
    assert max(worths, key=lambda option: worths[option]) == Take(1)
    assert f"{chance[Take(1)]:.0%}" == "63%" and f"{chance['roll']:.0%}" == "50%"
    assert chance[Take(None)] == 0.0
    assert Fraction(worths[Take(1)]) > Fraction(worths["roll"])
