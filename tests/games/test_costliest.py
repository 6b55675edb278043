"""The costliest decision of a game and of each seat is the one that cost the most chance
to win, whatever the game's own unit for it (nuggets or spaces in a game's middle, win
chance at its end): never the largest bare number of a unit. Grades, each seat's sums,
its luckiest chance event, its result and its luck-adjusted result come from the same
figures."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from itertools import pairwise

import pytest

from bot.games.analysis import (
    Analysis,
    ChanceKind,
    Fortune,
    Grade,
    Judged,
    Thresholds,
    Unit,
    graded_by,
)
from bot.games.claim.analysis import THRESHOLDS as CLAIM
from bot.games.claimit.analysis import THRESHOLDS as CLAIMIT
from bot.games.gold_nuggets.analysis import THRESHOLDS
from bot.games.ledgers import results
from bot.games.seat_summaries import costliest, luck_adjusted, luckiest, summaries

POINTS = Thresholds(Fraction(3, 100), Fraction(10, 100), Fraction(20, 100))
"""Grades on the win-chance scale: 3, 10 and 20 points."""


def judged(move: int, cost: Fraction, unit: Unit, chance: Fraction, seat: int = 0) -> Judged:
    return Judged(move, seat, "chosen", "best", cost, unit, exact=False, chance_cost=chance)


def test_the_costliest_decision_is_the_largest_in_win_chance_not_in_its_own_unit() -> None:
    """Gold Nuggets: an exact stop that gave away 0.62 nuggets early on cost 2 points of
    win chance; a late take that cost 0.25 in win chance's own measure cost 25 points.
    By bare numbers the stop would be the picture."""
    stop = judged(3, Fraction(62, 100), Unit.NUGGETS, Fraction(2, 100))
    take = judged(40, Fraction(25, 100), Unit.WIN_CHANCE, Fraction(25, 100))
    spaces = judged(7, Fraction(3), Unit.SPACES, Fraction(1, 100))
    assert costliest([stop, take, spaces]) == take
    assert costliest([stop, spaces]) == stop, "2 points beat 1, though 3 spaces > 0.62"
    (seat,) = summaries(Analysis(1, (stop, spaces, take), 0.0), POINTS)
    assert seat.costliest == take
    assert seat.chance_lost == Fraction(28, 100)
    assert seat.lost == {
        Unit.NUGGETS: Fraction(62, 100),
        Unit.SPACES: 3,
        Unit.WIN_CHANCE: Fraction(1, 4),
    }


def test_ties_go_to_the_earliest_and_a_free_decision_is_never_the_costliest() -> None:
    first = judged(2, Fraction(1), Unit.SPACES, Fraction(5, 100))
    second = judged(9, Fraction(2), Unit.SPACES, Fraction(5, 100))
    free = judged(1, Fraction(4), Unit.SPACES, Fraction(0))
    assert costliest([free, first, second]) == first
    assert costliest([free]) is None


def test_grades_are_one_scale_per_game_in_win_chance() -> None:
    """A decision's grade counts its chance cost, however large its own-unit cost."""
    grade = graded_by(POINTS)
    assert grade(judged(0, Fraction(5), Unit.SPACES, Fraction(0))) is Grade.BEST
    assert grade(judged(0, Fraction(0), Unit.SPACES, Fraction(1, 100))) is Grade.GOOD
    assert grade(judged(0, Fraction(1, 100), Unit.NUGGETS, Fraction(3, 100))) is Grade.INACCURACY
    assert grade(judged(0, Fraction(1, 100), Unit.NUGGETS, Fraction(10, 100))) is Grade.MISTAKE
    assert grade(judged(0, Fraction(1, 100), Unit.NUGGETS, Fraction(1, 5))) is Grade.BLUNDER
    decisions = (
        judged(0, Fraction(1), Unit.SPACES, Fraction(0)),
        judged(1, Fraction(1), Unit.SPACES, Fraction(4, 100)),
        judged(2, Fraction(1), Unit.SPACES, Fraction(30, 100)),
    )
    (seat,) = summaries(Analysis(1, decisions, 0.0), POINTS)
    assert (seat.decisions, seat.best) == (3, 1)
    assert seat.grades == {Grade.BEST: 1, Grade.INACCURACY: 1, Grade.BLUNDER: 1}


def fortune(move: int, kind: ChanceKind, *luck: Fraction) -> Fortune:
    return Fortune(move, 0, kind, tuple(luck))


def test_each_seat_sums_its_luck_and_names_its_luckiest_event() -> None:
    fortunes = (
        fortune(-1, ChanceKind.DEAL, Fraction(5, 100), Fraction(-5, 100)),
        fortune(3, ChanceKind.ROLL, Fraction(18, 100), Fraction(-18, 100)),
        fortune(8, ChanceKind.ROLL, Fraction(18, 100), Fraction(-2, 100)),
        fortune(9, ChanceKind.DRAW, Fraction(0), Fraction(0)),
    )
    ann, bo = summaries(Analysis(2, (), 0.0, fortunes), POINTS)
    assert (ann.luck, bo.luck) == (Fraction(41, 100), Fraction(-25, 100))
    assert ann.luckiest == fortunes[1], "ties go to the earliest"
    assert bo.luckiest is None, "no event gave Bo any"
    assert luckiest(fortunes, 0) == fortunes[1]


def test_a_result_is_a_win_a_share_of_one_or_a_loss_and_a_team_shares_its_result() -> None:
    solo = ((0,), (1,), (2,))
    assert results([False, True, False], solo) == tuple(map(Fraction, (0, 1, 0)))
    half = Fraction(1, 2)
    assert results([True, True, False], solo) == (half, half, Fraction(0))
    teams = ((0, 2), (1, 3))
    assert results([True, False, True, False], teams) == tuple(map(Fraction, (1, 0, 1, 0)))


def test_the_luck_adjusted_result_is_the_result_less_the_luck() -> None:
    """A win with 31 points of luck was a 69% chance with average luck; a loss with bad
    luck may come out above what it would have been."""
    assert luck_adjusted(Fraction(1), Fraction(31, 100)) == Fraction(69, 100)
    assert luck_adjusted(Fraction(0), Fraction(-20, 100)) == Fraction(1, 5)
    assert luck_adjusted(Fraction(0), Fraction(12, 100)) == Fraction(-12, 100)


@pytest.mark.parametrize(
    "thresholds", [THRESHOLDS, CLAIMIT, CLAIM], ids=["nuggets", "claimit", "claim"]
)
def test_the_scale_rises_with_the_cost_and_agrees_with_every_grade(
    thresholds: Mapping[Unit, Thresholds],
) -> None:
    """1 at an inaccuracy, 2 at a mistake, 3 at a blunder: a higher grade is always
    further up the scale, in whichever unit (a player's drills are weighed on it)."""
    for limits in thresholds.values():
        assert limits.scale(Fraction(0)) == 0
        assert [limits.scale(limits.inaccuracy), limits.scale(limits.mistake)] == [1, 2]
        assert limits.scale(limits.blunder) == 3
        costs = [limits.inaccuracy * Fraction(n, 8) for n in range(1, 200)]
        scaled = [limits.scale(cost) for cost in costs]
        assert all(low < high for low, high in pairwise(scaled))
        for cost, on_scale in zip(costs, scaled, strict=True):
            grade = limits.grade(cost)
            assert min(int(on_scale), 3) == grade - 1, (cost, on_scale, grade)
