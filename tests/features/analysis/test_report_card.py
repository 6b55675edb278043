"""The report of what decided a game as a card: each player's ledger in points of win
chance (luck, with the game's plain words on the dice beside; decisions, with the
game's own unit beside; the luck-adjusted result; the luckiest event; the costliest
decision), the top line from those figures, and the small print, within Discord's
limits for the most players, the longest names and the longest words of every
language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from bot.features.analysis.discord.report_card import Report, report_card
from bot.games.analysis import Analysis, ChanceKind, Fortune, Judged, Thresholds, Unit
from bot.games.analysis_words import ReportWords
from bot.games.claim.analysis import THRESHOLDS as CLAIM_THRESHOLDS
from bot.games.faces import report_words_for
from bot.storage import Result, Seat
from emulator import message_problems
from i18n import LANGUAGES, Language, english, language
from tests.games.stored import BIG_ID, stored
from tests.layouts import sent_body

POINTS = Thresholds(Fraction(3, 100), Fraction(10, 100), Fraction(20, 100))
NUGGETS = Thresholds(Fraction(1, 4), Fraction(1), Fraction(5, 2))
NAMES = ("_" * 32, "*~" * 16, "@everyone" + "`" * 23, "|>" * 16, "\\" * 32)
"""Display names are at most 32 characters; escaping doubles each of these."""
LONGEST_OPTION = "x" * 80
WORST_FIGURES = {
    "rolls": 99,
    "busts": 99,
    "bust_odds": 99_000_000,
    "bust_spread": 99_000_000,
    "roll_ons": 99,
    "roll_on_expected": -99_000_000,
    "roll_on_gave": -99_000_000,
}


class Options:
    """A game's report words, every option named ``named`` (its token, if ``None``)."""

    def __init__(self, words: ReportWords, named: str | None = None) -> None:
        self.words = words
        self.named = named

    def option(self, before: Any, token: str, names: Sequence[str], lang: Language) -> str:
        return token if self.named is None else self.named

    def luck(self, player: str, figures: Mapping[str, int], lang: Language) -> str | None:
        return self.words.luck(player, figures, lang)

    def judged_how(self, lang: Language) -> str:
        return self.words.judged_how(lang)

    def close(self, figures: Sequence[Mapping[str, int]], won: Sequence[bool]) -> bool:
        return self.words.close(figures, won)


def seats(players: int, names: Sequence[str] = NAMES) -> tuple[Seat, ...]:
    return tuple(Seat(n, BIG_ID - n, None, names[n], n) for n in range(players))


def report(
    kind: str,
    players: int,
    won: Sequence[int],
    decisions: Sequence[Judged],
    fortunes: Sequence[Fortune],
    *,
    names: Sequence[str] = NAMES,
    teams: Sequence[Sequence[int]] | None = None,
    words: ReportWords | None = None,
    figures: Mapping[str, int] = WORST_FIGURES,
    units: Mapping[Unit, Thresholds] | None = None,
) -> Report:
    game = stored(kind, None, seats(players, names), over=True)
    results = [
        Result(
            seat,
            BIG_ID - seat,
            names[seat],
            seat in won,
            1 if seat in won else 2 + seat,
            False,
            figures,
        )
        for seat in range(players)
    ]
    return Report(
        game,
        f"{kind} #1",
        Analysis(players, tuple(decisions), 1.0, tuple(fortunes)),
        results,
        [None] * 100,
        words or Options(report_words_for(kind)),
        POINTS,
        teams or tuple((seat,) for seat in range(players)),
        {Unit.NUGGETS: NUGGETS} if units is None else units,
    )


def decision(move: int, seat: int, chance: Fraction, cost: Fraction = Fraction(3, 2)) -> Judged:
    return Judged(move, seat, "chosen", "best", cost, Unit.NUGGETS, True, chance)


def card_text(made: Report, lang: Language) -> str:
    card = report_card(made, b"png", "the caption", lang)
    return "\n".join(
        [card.text, *(f"{line.name}\n{line.value}" for line in card.lines), card.footer or ""]
    )


def test_each_player_has_a_ledger_in_points_of_win_chance() -> None:
    """Ann won on a lucky roll; Bo's decisions cost more, though not by a mistake's worth."""
    fortunes = [
        Fortune(3, 0, ChanceKind.ROLL, (Fraction(25, 100), Fraction(-25, 100))),
        Fortune(4, 1, ChanceKind.ROLL, (Fraction(6, 100), Fraction(-6, 100))),
    ]
    decisions = [
        decision(5, 1, Fraction(12, 100)),
        decision(6, 0, Fraction(4, 100), Fraction(1, 4)),
    ]
    made = report("nuggets", 2, [0], decisions, fortunes, names=("Ann", "Bo"), figures={})
    said = card_text(made, english())
    assert said.startswith(
        "The dice gave Ann +31.0 points of win chance and Bo -31.0; their decisions cost "
        "4.0 and 12.0: the dice decided it.\nThe picture: the game's costliest decision, "
        "move 6 (a mistake)."
    )
    assert (
        "Ann 🏆\n"
        "🎲 Luck: +31.0 points (very lucky).\n"
        "🧭 Decisions: 4.0 points (0.25 nuggets) lost a decision on average over 1, 0 of "
        "them the best by our judgement: 1 inaccuracy, 0 mistakes, 0 blunders.\n"
        "⚖️ Luck-adjusted result: 69%.\n"
        "🍀 Luckiest: the roll of move 4, +25.0 points.\n"
        "💸 Costliest, move 7: chosen, where best was better by 4.0 points (0.25 nuggets) "
        "(an inaccuracy).\n"
    ) in said
    bo = said.split("Bo\n", 1)[1].split("\n")
    assert bo[:3] == [
        "🎲 Luck: -31.0 points (very unlucky).",
        "🧭 Decisions: 12.0 points (1.50 nuggets) lost a decision on average over 1, 0 of "
        "them the best by our judgement: 0 inaccuracies, 1 mistake, 0 blunders.",
        "⚖️ Luck-adjusted result: 31%.",
    ], "Bo's bad luck: with average luck he had a 31% chance"
    assert not bo[3].startswith("🍀"), "no event gave Bo any luck"
    assert "our hard computer player's view of best play, not perfect play" in said
    assert "An inaccuracy costs 3.0 points of win chance or more, a mistake 10.0" in said


def test_no_total_passes_the_scale_and_the_luck_word_is_the_figures() -> None:
    """Bo's five decisions cost 91 points each (455 in all): a decision's cost on average,
    and the line on what decided it at the scale's end; Ann's luck, -2.2 points on a
    game whose busts came fewer than expected, is as expected, the busts told without a
    verdict of their own."""
    fortunes = [Fortune(3, 0, ChanceKind.ROLL, (Fraction(-22, 1000), Fraction(22, 1000)))]
    decisions = [decision(move, 1, Fraction(91, 100)) for move in range(5)]
    figures = {"rolls": 12, "busts": 0, "bust_odds": 3_200_000, "bust_spread": 2_000_000}
    made = report("claimit", 2, [0], decisions, fortunes, names=("Ann", "Bo"), figures=figures)
    said = card_text(made, english())
    assert said.startswith(
        "The dice gave Ann -2.2 points of win chance and Bo +2.2; their decisions cost "
        "0.0 and ≥100.0: the decisions decided it."
    )
    assert (
        "🎲 Luck: -2.2 points (as expected). **Ann** busted 0 times where 3.2 were "
        "expected (12 rolls)\n"
    ) in said
    assert "lucky" not in said.split("Ann 🏆", 1)[1].split("Bo\n")[0]
    assert "🧭 Decisions: 91.0 points (1.50 nuggets) lost a decision on average over 5" in said
    assert "455" not in said
    german = card_text(made, language("de"))
    assert "≥100,0" in german and "(wie zu erwarten)" in german


def test_a_decided_games_decision_is_graded_in_its_own_unit_and_says_so() -> None:
    """Bo, all but lost (1% to win), took 0 where rolling on was worth 6 nuggets: 0.1
    points of win chance, but a blunder in nuggets, and the report says which scale."""
    lost = Judged(
        7,
        1,
        "take",
        "roll",
        Fraction(1, 1000),
        Unit.WIN_CHANCE,
        False,
        Fraction(1, 1000),
        Fraction(1, 100),
        (Unit.NUGGETS, Fraction(6)),
    )
    early = replace(lost, move=2, chance=Fraction(40, 100))
    made = report("nuggets", 2, [0], [lost, early], [], names=("Ann", "Bo"), figures={})
    said = card_text(made, english())
    assert (
        "💸 Costliest, move 3: take, where roll was better by 0.1 points (6.00 nuggets) "
        "(an inaccuracy)." not in said
    )
    assert "(a blunder in nuggets, the game being decided)." in said
    assert "0 inaccuracies, 0 mistakes, 1 blunder" in said, "the undecided one is close"
    assert "graded in the game's own unit too, and the worse grade counts" in said
    german = card_text(made, language("de"))
    assert "(ein Patzer in Nuggets, da die Partie entschieden war)" in german
    undecided = report("nuggets", 2, [0], [early], [], names=("Ann", "Bo"), figures={})
    assert "own unit too" not in card_text(undecided, english())


def test_a_decided_claim_decision_is_graded_in_factions_and_says_so() -> None:
    """Ann, all but sure to win (97%), played a card that cost 5 points of win chance (an
    inaccuracy) and a whole faction: a blunder in factions, the game being decided, and
    the report says so; Bo's faction given away in a lost game (no chance to lose) is
    graded by factions too."""
    won = Judged(
        30,
        0,
        "play=GOB3",
        "play=KNI9",
        Fraction(5, 100),
        Unit.WIN_CHANCE,
        True,
        Fraction(5, 100),
        Fraction(97, 100),
        (Unit.FACTIONS, Fraction(1)),
    )
    lost = replace(won, move=31, seat=1, cost=Fraction(0), chance_cost=Fraction(0))
    lost = replace(lost, chance=Fraction(0), own=(Unit.FACTIONS, Fraction(1, 2)))
    made = report(
        "claim", 2, [0], [won, lost], [], names=("Ann", "Bo"), figures={}, units=CLAIM_THRESHOLDS
    )
    said = card_text(made, english())
    assert (
        "better by 5.0 points (1.00 factions) (a blunder in factions, the game being decided)."
        in said
    )
    assert "0 inaccuracies, 0 mistakes, 1 blunder" in said
    assert "0 inaccuracies, 1 mistake, 0 blunders" in said, "Bo's, by factions"
    assert "graded in the game's own unit too, and the worse grade counts" in said
    german = card_text(made, language("de"))
    assert (
        "(1,00 Fraktionen) besser gewesen wäre (ein Patzer in Fraktionen, da die Partie" in german
    )


def test_a_luck_adjusted_result_outside_0_to_100_shows_its_figure() -> None:
    fortunes = [Fortune(3, 1, ChanceKind.ROLL, (Fraction(-5, 100), Fraction(12, 100)))]
    made = report("nuggets", 2, [0], [], fortunes, names=("Ann", "Bo"), figures={})
    assert "⚖️ Luck-adjusted result: 0% (-12% by the figures)." in card_text(made, english()).split(
        "\n"
    )


def test_claim_names_its_cards_and_each_kind_of_card_event() -> None:
    fortunes = [
        Fortune(-1, 0, ChanceKind.DEAL, (Fraction(8, 100), Fraction(-3, 100))),
        Fortune(2, 1, ChanceKind.PRIZE, (Fraction(-1, 100), Fraction(9, 100))),
        Fortune(5, 0, ChanceKind.DRAW, (Fraction(1, 100), Fraction(0))),
    ]
    made = report("claim", 2, [1], [], fortunes, names=("Ann", "Bo"), figures={})
    said = card_text(made, english())
    assert said.startswith("The cards gave Bo +6.0 points of win chance and Ann +8.0;")
    assert "🍀 Luckiest: the deal, +8.0 points." in said
    assert "🍀 Luckiest: the prize turned up after move 3, +9.0 points." in said
    german = card_text(made, language("de"))
    assert german.startswith("Die Karten gaben Bo +6,0 Prozentpunkte Siegchance und Ann +8,0;")
    assert "🍀 Größtes Glück: das Austeilen, +8,0 Prozentpunkte." in german


def every_event(players: int) -> list[Fortune]:
    """Each seat lucky once, unlucky once, by the largest figures."""
    return [
        Fortune(
            seat,
            seat,
            ChanceKind.ROLL,
            tuple(Fraction(-99, 100) if s != seat else Fraction(99, 100) for s in range(players)),
        )
        for seat in range(players)
    ]


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize(
    ("kind", "players", "teams"),
    [("nuggets", 5, None), ("claimit", 5, None), ("claim", 4, ((0, 2), (1, 3)))],
)
def test_the_card_fits_discords_limits_at_its_longest(
    kind: str, players: int, teams: tuple[tuple[int, ...], ...] | None, code: str
) -> None:
    """The most players, the longest names (escaped), every ledger line, the costliest
    decision of each, the longest option words; a win shared by all but the last."""
    decisions = [decision(seat, seat, Fraction(99, 100)) for seat in range(players)]
    made = report(
        kind,
        players,
        list(range(players - 1)) if teams is None else [0, 2],
        decisions,
        every_event(players),
        teams=teams,
        words=Options(report_words_for(kind), LONGEST_OPTION),
    )
    card = report_card(made, b"png", "c" * 1024, language(code))
    problems = message_problems(sent_body(card))
    assert problems == [], [str(problem) for problem in problems]


@pytest.mark.parametrize("code", LANGUAGES)
def test_four_players_with_common_names_keep_every_line(code: str) -> None:
    """Only the longest cards give up each player's costliest decision and the dice's
    words; the figures always stay."""
    decisions = [decision(seat, seat, Fraction(99, 100)) for seat in range(4)]
    kept = report(
        "nuggets",
        4,
        [0],
        decisions,
        every_event(4),
        names=("Annabelle", "Bonaventura", "Cyprian", "Dietlinde"),
        words=Options(report_words_for("nuggets"), "setting aside 3× 5 and 2× 3"),
    )
    lines = report_card(kept, b"png", "c" * 1024, language(code)).lines
    assert all(len(line.value.split("\n")) == 5 and "💸" in line.value for line in lines)
    assert all("🎲" in line.value and "(99 " in line.value for line in lines)
    longest = report(
        "nuggets",
        5,
        [0],
        [decision(seat, seat, Fraction(99, 100)) for seat in range(5)],
        every_event(5),
        words=Options(report_words_for("nuggets"), LONGEST_OPTION),
    )
    cut = report_card(longest, b"png", "c" * 1024, language(code)).lines
    assert all("💸" not in line.value and "⚖️" in line.value for line in cut)
