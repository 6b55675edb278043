"""The report's one line on what decided a game: the decisions where a loser gave away a
mistake's worth more than the winner, the dice where the winner's rolls were the luckier,
both, or neither (and in a game without dice, the deal)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.games.analysis import SeatSummary, Unit
from bot.games.analysis_words import what_decided
from engine.luck import Verdict
from i18n import english

MISTAKE = {Unit.NUGGETS: Fraction(1)}


def said(lost: tuple[float, float], luck: tuple[Verdict | None, Verdict | None]) -> str:
    seats = [
        SeatSummary(seat, 10, 5, {Unit.NUGGETS: Fraction(cost)}) for seat, cost in enumerate(lost)
    ]
    return what_decided(["Ann", "Bo"], [True, False], seats, list(luck), MISTAKE, english())


@pytest.mark.parametrize(
    ("lost", "luck", "opening"),
    [
        ((0.5, 3.0), (Verdict.AS_EXPECTED, Verdict.AS_EXPECTED), "The decisions decided it: Bo"),
        ((0.5, 1.2), (Verdict.LUCKY, Verdict.UNLUCKY), "The dice decided it: Ann"),
        ((0.5, 3.0), (Verdict.LUCKY, Verdict.AS_EXPECTED), "Both decided it: Ann had the luckier"),
        ((0.5, 1.2), (Verdict.AS_EXPECTED, Verdict.AS_EXPECTED), "A close game: neither the dice"),
        ((0.5, 1.2), (None, None), "A close game: nobody's decisions cost much more than those"),
        ((0.5, 3.0), (None, None), "The decisions decided it: Bo gave away more than Ann"),
    ],
)
def test_the_line_names_what_set_the_players_apart(
    lost: tuple[float, float], luck: tuple[Verdict | None, Verdict | None], opening: str
) -> None:
    assert said(lost, luck).startswith(opening)


def test_a_loser_who_played_better_than_the_winner_is_no_decisions_loss() -> None:
    assert said((3.0, 0.5), (Verdict.VERY_LUCKY, Verdict.VERY_UNLUCKY)).startswith(
        "The dice decided it"
    )
