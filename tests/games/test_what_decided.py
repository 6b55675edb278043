"""The report's one line on what decided a game: the decisions where a loser gave away a
mistake's worth more than the winner (costs in every unit counted in mistakes), the dice
where the winner's rolls were the luckier, both, or neither: a close game only where the
final margin was narrow, else small edges adding up (and in a game without dice, the
deal)."""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

import pytest

from bot.games.analysis import SeatSummary, Unit
from bot.games.analysis_words import what_decided
from bot.games.faces import report_words_for
from bot.games.registry import rules_for
from engine.luck import Verdict
from i18n import english, language
from tests.games.test_contract import play

MISTAKE = {Unit.NUGGETS: Fraction(1)}


def said(
    lost: tuple[float, float], luck: tuple[Verdict | None, Verdict | None], close: bool = True
) -> str:
    seats = [
        SeatSummary(seat, 10, 5, {Unit.NUGGETS: Fraction(cost)}) for seat, cost in enumerate(lost)
    ]
    return what_decided(["Ann", "Bo"], [True, False], seats, list(luck), MISTAKE, close, english())


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


@pytest.mark.parametrize(
    ("luck", "opening"),
    [
        ((Verdict.AS_EXPECTED, Verdict.AS_EXPECTED), "Ann won clearly, though neither the dice"),
        ((None, None), "The deal decided it: Ann won clearly, and nobody's decisions"),
    ],
)
def test_a_rout_nobodys_decisions_or_dice_explain_is_not_called_close(
    luck: tuple[Verdict | None, Verdict | None], opening: str
) -> None:
    line = said((0.5, 1.2), luck, close=False)
    assert line.startswith(opening) and "close" not in line


def test_costs_in_two_units_are_weighed_together_in_mistakes() -> None:
    """Nine tenths of a mistake in nuggets and as much in win chance are nearly two
    mistakes' worth given away: neither unit alone reaches one."""
    decisive = {Unit.NUGGETS: Fraction(1), Unit.WIN_CHANCE: Fraction(1, 10)}
    seats = [
        SeatSummary(0, 10, 10, {}),
        SeatSummary(1, 10, 5, {Unit.NUGGETS: Fraction(9, 10), Unit.WIN_CHANCE: Fraction(9, 100)}),
    ]
    luck = [Verdict.AS_EXPECTED, Verdict.AS_EXPECTED]
    line = what_decided(["Ann", "Bo"], [True, False], seats, luck, decisive, False, english())
    assert line.startswith("The decisions decided it: Bo gave away more than Ann")


ENDS = {
    # A game's score, the lead a rout is won by at least, a close game at most.
    "claim": ("factions", 3, 1),
    "claimit": ("largest_mine", 5, 1),
    "nuggets": ("nuggets", 15, 2),
}


def finished(kind: str, wanted: Callable[[int], bool]) -> tuple[list[dict[str, int]], list[bool]]:
    """The result figures and winners of the first real two-player game of ``kind`` whose
    winner's lead is ``wanted``."""
    rules = rules_for(kind)
    score = ENDS[kind][0]
    for seed in range(200):
        playout = play(rules, 2, random.Random(seed))
        standings = rules.standings(playout.moves[-1].after)
        figures = [dict(s.figures) for s in standings]
        won = [s.won for s in standings]
        if sum(won) == 1:
            lead = figures[won.index(True)][score] - figures[won.index(False)][score]
            if wanted(lead):
                return figures, won
    raise AssertionError(f"no such game of {kind}")


@pytest.mark.parametrize("kind", sorted(ENDS))
def test_a_rout_is_no_close_game_and_a_narrow_win_is(kind: str) -> None:
    """Claim #1, won 4 factions to 1 with decisions that cost little, was "A close game":
    the final margin, by each game's own score, says whether it was."""
    _, rout, narrow = ENDS[kind]
    words = report_words_for(kind)
    cheap = [SeatSummary(seat, 10, 9, {Unit.WIN_CHANCE: Fraction(1, 100)}) for seat in (0, 1)]
    decisive = {Unit.WIN_CHANCE: Fraction(1, 10)}
    # As the dice fell for both, in a game with dice; none in Claim.
    luck = [None if kind == "claim" else Verdict.AS_EXPECTED] * 2
    for wanted, close in ((lambda lead: lead >= rout, False), (lambda lead: lead <= narrow, True)):
        figures, won = finished(kind, wanted)
        assert words.close(figures, won) is close, (kind, figures)
        winner = ["Ann", "Bo"][won.index(True)]
        line = what_decided(["Ann", "Bo"], won, cheap, luck, decisive, close, english())
        if close:
            assert line.startswith("A close game"), line
        elif kind == "claim":
            assert line.startswith(f"The deal decided it: {winner} won clearly"), line
        else:
            assert line.startswith(f"{winner} won clearly"), line


@pytest.mark.parametrize(
    ("luck", "said"),
    [
        (
            None,
            "Das Austeilen gab den Ausschlag: ein klarer Sieg für Ann und Cy, und niemandes "
            "Entscheidungen kosteten viel mehr als die von Ann und Cy.",
        ),
        (
            Verdict.AS_EXPECTED,
            "Ein klarer Sieg für Ann und Cy, obwohl weder die Würfel noch eine einzelne "
            "Entscheidung den Abstand schufen: Kleine Vorteile bei beiden summierten sich.",
        ),
    ],
)
def test_german_says_a_clear_win_of_a_team_and_whose_decisions_cost_little(
    luck: Verdict | None, said: str
) -> None:
    """Claim at four is won by a team: "Ann und Cy gewann" was no German, and the deal's
    line left out whose decisions nobody's cost much more than."""
    cheap = [SeatSummary(seat, 10, 9, {Unit.WIN_CHANCE: Fraction(1, 100)}) for seat in range(4)]
    decisive = {Unit.WIN_CHANCE: Fraction(1, 10)}
    names, won = ["Ann", "Bo", "Cy", "Di"], [True, False, True, False]
    line = what_decided(names, won, cheap, [luck] * 4, decisive, False, language("de"))
    assert line == said
