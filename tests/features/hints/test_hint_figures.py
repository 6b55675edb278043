"""A hint's figures agree: what an option gives away against the best is the difference
of the two worths as the hint shows them, in every unit and language ("2.15 … 2.14 …
0.01 less", never "0.02 less" from the worths before rounding), and an option whose
shown worth equals the best's is "barely less"."""

from __future__ import annotations

import random
import re
from decimal import Decimal
from fractions import Fraction

import pytest

from bot.features.hints.hint_words import option_lines
from bot.features.hints.service import Hint
from bot.games.analysis import Unit, Weighed
from bot.games.analysis_words import amount
from i18n import Language, english, language
from tests.lesson_decisions import claimit_rolling

NUMBER = re.compile(r"-?\d+[.,]\d+")


def figures(line: str, lang: Language) -> list[Decimal]:
    """The figures a hint's line shows, in order (its worth, then what it gives away)."""
    point = "," if lang.code == "de" else "."
    return [Decimal(found.replace(point, ".")) for found in NUMBER.findall(line)]


def hint_of(worths: tuple[tuple[str, Fraction], ...], unit: Unit) -> Hint:
    rolling = claimit_rolling()
    return Hint(rolling.game, rolling.seat, Weighed(unit, False, worths))


def test_the_reported_hint_says_the_difference_of_its_figures() -> None:
    worths = (("roll", Fraction(2154, 1000)), ("stop", Fraction(2136, 1000)))
    best, other = option_lines(hint_of(worths, Unit.SPACES), english())
    assert "2.15 spaces, the best" in best
    assert "2.14 spaces, 0.01 spaces less than the best" in other


@pytest.mark.parametrize("unit", list(Unit))
def test_what_an_option_gives_away_is_the_difference_of_the_worths_shown(unit: Unit) -> None:
    rng = random.Random(f"hint figures {unit}")
    scale = 1 if unit is Unit.WIN_CHANCE else 10
    for lang in (english(), language("de")):
        for _ in range(300):
            best = Fraction(rng.randrange(0, 100_000), 100_000) * scale
            other = best - Fraction(rng.randrange(1, 3_000), 100_000) * scale
            lines = option_lines(hint_of((("roll", best), ("stop", other)), unit), lang)
            (top,), shown = figures(lines[0], lang), figures(lines[1], lang)
            if len(shown) == 1:
                assert shown[0] == top, "barely less: the same figure shown"
                continue
            worth, less = shown
            assert less == top - worth, lines


def test_an_option_within_the_estimates_noise_is_as_good_saying_why_its_figure_is_less() -> None:
    rolling = claimit_rolling()
    worths = (("roll", Fraction(217, 100)), ("stop", Fraction(215, 100)))
    weighed = Weighed(Unit.SPACES, False, worths, noise=Fraction(5, 100))
    for lang in (english(), language("de")):
        best, other = option_lines(Hint(rolling.game, rolling.seat, weighed), lang)
        assert figures(best, lang) == [Decimal("2.17")]
        assert figures(other, lang) == [Decimal("2.15")]
        assert other.endswith(
            lang._(
                "**{option}**: {worth}, as good: within the estimate's margin of the best",
                option=lang._("Stop & claim"),
                worth=amount(Fraction(215, 100), Unit.SPACES, lang),
            )
        )
