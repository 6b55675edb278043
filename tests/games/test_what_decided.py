"""The report's one line on what decided a game, from the figures: what luck gave the
winners beside the loser who came closest, what each side's decisions cost, and which
set them apart by a mistake's worth or more: the dice (in Claim, the cards), the
decisions, both, or neither (a close game only where the final margin was narrow, else
small edges adding up)."""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

import pytest

from bot.games.analysis_words import Side, sides, what_decided
from bot.games.analysis_words import points as shown_points
from bot.games.faces import report_words_for
from bot.games.registry import rules_for
from bot.games.seat_summaries import SeatSummary
from i18n import english, language
from tests.games.test_contract import play

MISTAKE = Fraction(10, 100)


def points(value: float) -> Fraction:
    return Fraction(round(value * 10), 1000)


def said(
    luck: tuple[float, float],
    lost: tuple[float, float],
    *,
    close: bool = True,
    cards: bool = False,
) -> str:
    """Bo won, Ann lost: each side's luck and decisions' cost in points."""
    bo = Side("Bo", points(luck[0]), points(lost[0]))
    ann = Side("Ann", points(luck[1]), points(lost[1]))
    return what_decided(bo, ann, MISTAKE, close, cards, english())


def test_the_line_gives_the_figures_and_what_they_show() -> None:
    assert said((31, -4), (3, 12)) == (
        "The dice gave Bo +31.0 points of win chance and Ann -4.0; their decisions cost 3.0 "
        "and 12.0: the dice decided it."
    )


@pytest.mark.parametrize(
    ("luck", "lost", "verdict"),
    [
        ((31, -4), (3, 5), "the dice decided it."),
        ((2, 0), (3, 20), "the decisions decided it."),
        ((12, 0), (3, 20), "both decided it."),
        ((5, 0), (3, 9), "a close game."),
        # The winner played worse and was luckier by less than a mistake's worth.
        ((6, -3), (15, 2), "a close game."),
    ],
)
def test_the_verdict_names_what_set_the_sides_a_mistakes_worth_apart(
    luck: tuple[float, float], lost: tuple[float, float], verdict: str
) -> None:
    assert said(luck, lost).endswith(": " + verdict)


def test_a_rout_neither_explains_is_small_edges_adding_up_not_a_close_game() -> None:
    line = said((5, 0), (3, 9), close=False)
    assert line.endswith(": small edges of both added up.") and "close" not in line


def test_in_a_game_of_cards_the_cards_decided_it() -> None:
    line = said((31, -4), (3, 5), cards=True)
    assert line.startswith("The cards gave Bo +31.0 points")
    assert line.endswith(": the cards decided it.")


def summary(seat: int, luck: float, lost: float) -> SeatSummary:
    return SeatSummary(seat, 10, 5, chance_lost=points(lost), luck=points(luck))


def test_the_winners_meet_the_loser_who_came_closest() -> None:
    """Three players: Cy, second, is the one the winner is weighed against, not Bo,
    last with the worse figures."""
    seats = [summary(0, 20, 2), summary(1, -30, 40), summary(2, -5, 4)]
    names = ["Ann", "Bo", "Cy"]
    found = sides([True, False, False], [1, 3, 2], ((0,), (1,), (2,)), seats, names, english())
    assert found == (Side("Ann", points(20), points(2)), Side("Cy", points(-5), points(4)))


def test_a_team_is_one_side_its_luck_its_players_mean_its_cost_their_sum() -> None:
    """Claim at four: each player's luck is their view of the same side's chance, so a
    side's luck is their mean; each one's decisions cost the side, so they add up."""
    seats = [summary(0, 10, 2), summary(1, -6, 8), summary(2, 20, 3), summary(3, -2, 4)]
    names = ["Ann", "Bo", "Cy", "Di"]
    teams = ((0, 2), (1, 3))
    found = sides([True, False, True, False], [1, 2, 1, 2], teams, seats, names, english())
    assert found == (
        Side("Ann and Cy", points(15), points(5)),
        Side("Bo and Di", points(-4), points(12)),
    )


def test_nobody_lost_or_nobody_won_has_no_sides() -> None:
    seats = [summary(0, 0, 0), summary(1, 0, 0)]
    solo = ((0,), (1,))
    assert sides([True, True], [1, 1], solo, seats, ["Ann", "Bo"], english()) is None


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
    for wanted, close in ((lambda lead: lead >= rout, False), (lambda lead: lead <= narrow, True)):
        figures, won = finished(kind, wanted)
        assert words.close(figures, won) is close, (kind, figures)
        line = said((1, 0), (1, 2), close=close)
        assert line.endswith(": a close game." if close else ": small edges of both added up.")


def test_german_names_a_team_and_the_cards() -> None:
    line = what_decided(
        Side("Ann und Cy", points(15), points(5)),
        Side("Bo und Di", points(-4), points(12)),
        MISTAKE,
        False,
        True,
        language("de"),
    )
    assert line == (
        "Die Karten gaben Ann und Cy +15,0 Prozentpunkte Siegchance und Bo und Di -4,0; "
        "ihre Entscheidungen kosteten 5,0 und 12,0: Die Karten gaben den Ausschlag."
    )


def test_a_cost_too_small_for_a_tenth_of_a_point_still_shows() -> None:
    """Costliest "by 0.0 points" would say it was no worse."""
    assert points_of(Fraction(3, 10_000)) == "0.03"
    assert points_of(Fraction(0)) == "0.0"
    assert points_of(Fraction(-123, 1000)) == "-12.3"


def points_of(chance: Fraction) -> str:
    return shown_points(chance, english())
