"""Each seat's decisions and luck in a judged game, summed up for the report: its grades,
the chance its decisions cost, its costliest decision, its luck and its luckiest event."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from bot.games.analysis import Analysis, Fortune, Grade, Judged, Thresholds, Unit, graded_by


@dataclass(frozen=True)
class SeatSummary:
    """One seat's decisions and luck in a game, summed up."""

    seat: int
    decisions: int = 0
    best: int = 0
    """Decisions that cost no chance to win."""
    lost: dict[Unit, Fraction] = field(default_factory=dict)
    """Expected worth their choices cost, summed, per unit (the game's own beside the
    chance to win)."""
    grades: dict[Grade, int] = field(default_factory=dict)
    costliest: Judged | None = None
    chance_lost: Fraction = Fraction(0)
    """The chance to win their decisions cost, summed."""
    luck: Fraction = Fraction(0)
    """What the game's chance events gave them in chance to win, summed."""
    luckiest: Fortune | None = None
    """The chance event that gave them the most, if one gave them any."""


def summaries(
    analysis: Analysis, thresholds: Thresholds, units: Mapping[Unit, Thresholds] | None = None
) -> list[SeatSummary]:
    """Each seat's decisions and luck summed up, in seat order, the decisions graded by
    the game's ``chance_thresholds`` (and in a decided game its ``units``' too,
    ``graded_by``)."""
    grade = graded_by(thresholds, units)
    seats = []
    for seat in range(analysis.players):
        mine = [d for d in analysis.decisions if d.seat == seat]
        lost: dict[Unit, Fraction] = {}
        grades: dict[Grade, int] = {}
        for decision in mine:
            lost[decision.unit] = lost.get(decision.unit, Fraction(0)) + decision.cost
            graded = grade(decision)
            grades[graded] = grades.get(graded, 0) + 1
        seats.append(
            SeatSummary(
                seat,
                len(mine),
                sum(1 for d in mine if d.chance_cost <= 0),
                lost,
                grades,
                costliest(mine),
                sum((d.chance_cost for d in mine), Fraction(0)),
                analysis.luck(seat),
                luckiest(analysis.fortunes, seat),
            )
        )
    return seats


def costliest(decisions: Sequence[Judged]) -> Judged | None:
    """The costliest of ``decisions``: the one that cost the most chance to win, whatever
    unit the game's own measure of it was in (nuggets, spaces). Ties go to the
    earliest."""
    costly = [d for d in decisions if d.chance_cost > 0]
    return max(costly, key=lambda d: d.chance_cost) if costly else None


def luckiest(fortunes: Sequence[Fortune], seat: int) -> Fortune | None:
    """The chance event that gave ``seat`` the most chance to win, if one gave it any.
    Ties go to the earliest."""
    lucky = [f for f in fortunes if f.luck[seat] > 0]
    return max(lucky, key=lambda f: f.luck[seat]) if lucky else None


def luck_adjusted(result: Fraction, luck: Fraction) -> Fraction:
    """A seat's chance of winning had its luck been average: its result less what luck
    gave it (after GNU Backgammon's luck-adjusted result). An estimate from one game, so
    it may fall outside 0 to 1."""
    return result - luck
