"""The costliest decision of a game and of each seat: costs in different units (nuggets or
spaces in a game's middle, win chance at its end) compared on the one scale their
thresholds give, never as bare numbers."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from itertools import pairwise

import pytest

from bot.games.analysis import (
    Analysis,
    Grade,
    Judged,
    Played,
    Thresholds,
    Unit,
    costliest,
    summaries,
)
from bot.games.claim.analysis import THRESHOLDS as CLAIM
from bot.games.claimit.analysis import THRESHOLDS as CLAIMIT
from bot.games.gold_nuggets.analysis import ANALYST, THRESHOLDS
from engine.gold_nuggets import Take
from tests.engine.gold_nuggets.play import position


def test_a_late_win_chance_inaccuracy_outweighs_a_smaller_one_in_nuggets() -> None:
    """Gold Nuggets #1's case: the exact stop in nuggets is 2.5 times its unit's
    inaccuracy, the late take in win chance 2.5 times its own and further towards a
    mistake, though 0.62 is the bigger bare number."""
    rulebook_stop = position(phase="decide", aside={"3": 3, "5": 3})
    late_take = position(
        players=2, phase="decide", aside={"L": 3, "4": 3}, centre=10, nuggets=[24, 43]
    )
    moves = [Played(rulebook_stop, 0, Take()), Played(late_take, 0, Take())]
    stop, take = ANALYST.judge(moves, [0, 1], seed=1)
    assert (stop.unit, take.unit) == (Unit.NUGGETS, Unit.WIN_CHANCE)
    assert THRESHOLDS[stop.unit].grade(stop.cost) is Grade.INACCURACY
    assert THRESHOLDS[take.unit].grade(take.cost) is Grade.INACCURACY
    assert stop.cost > take.cost, "by bare numbers the stop would be the picture"
    assert costliest([stop, take], THRESHOLDS) == take
    (seat,) = summaries(Analysis(1, (stop, take), 0.0), THRESHOLDS)
    assert seat.costliest == take


def judged(move: int, cost: Fraction, unit: Unit) -> Judged:
    return Judged(move, 0, "chosen", "best", cost, unit, exact=False)


def test_a_last_round_decision_of_claim_it_can_be_the_picture() -> None:
    """A third of a space early on is a small inaccuracy; nine points of win chance in
    the last round nearly a mistake."""
    early = judged(3, Fraction(1, 3), Unit.SPACES)
    last_round = judged(90, Fraction(9, 100), Unit.WIN_CHANCE)
    assert CLAIMIT[Unit.SPACES].grade(early.cost) is Grade.INACCURACY
    assert CLAIMIT[Unit.WIN_CHANCE].grade(last_round.cost) is Grade.INACCURACY
    assert costliest([early, last_round], CLAIMIT) == last_round
    # A mistake in spaces still outweighs it.
    mistake = judged(4, Fraction(3, 4), Unit.SPACES)
    assert costliest([early, mistake, last_round], CLAIMIT) == mistake


@pytest.mark.parametrize(
    "thresholds", [THRESHOLDS, CLAIMIT, CLAIM], ids=["nuggets", "claimit", "claim"]
)
def test_the_scale_rises_with_the_cost_and_agrees_with_every_grade(
    thresholds: Mapping[Unit, Thresholds],
) -> None:
    """1 at an inaccuracy, 2 at a mistake, 3 at a blunder: a higher grade is always
    further up the scale, in whichever unit."""
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
