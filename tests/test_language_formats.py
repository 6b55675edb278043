"""A language writes its numbers, percentages and lists from what ``formats.json`` keeps of
Babel's data, exactly as Babel writes them from its whole locale, without reading
Babel's locale data (nor do the names of the languages, nor the bot's start); the kept
file is what Babel's data gives now; a date still takes the whole locale."""

from __future__ import annotations

import copy
import datetime as dt
import subprocess
import sys
from decimal import Decimal

import pytest
from babel import Locale, localedata
from babel.dates import format_date
from babel.lists import format_list
from babel.numbers import parse_pattern

from i18n.formats import KEPT
from i18n.language import LANGUAGES, Language
from scripts.formats import made

NUMBERS = (0, 7, -12, 1234, 1_234_567, 3.14159, -0.5, Decimal("1234.5"))


def test_the_kept_formats_are_babels() -> None:
    assert KEPT.read_text(encoding="utf-8") == made()


def _babels(whole: Locale, kind: str, value: float | Decimal, digits: int | None) -> str:
    """``value`` as Babel writes it with the language's whole locale."""
    formats = whole.percent_formats if kind == "percent" else whole.decimal_formats
    pattern = copy.copy(parse_pattern(formats[None]))
    if digits is not None:
        pattern.frac_prec = (digits, digits)
    return str(pattern.apply(value, whole))


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_language_writes_as_babel_does_with_its_whole_locale(code: str) -> None:
    lang, whole = Language(code), Locale.parse(code)
    for value in NUMBERS:
        assert lang.number(value) == _babels(whole, "decimal", value, None)
        assert lang.number(value, 2) == _babels(whole, "decimal", value, 2)
        assert lang.percent(value, 1) == _babels(whole, "percent", value, 1)
    for items in (["Ann"], ["Ann", "Bo"], ["Ann", "Bo", "Cy", "Di"]):
        assert lang.list(items) == format_list(items, locale=whole)
        assert lang.list(items, "or") == format_list(items, style="or", locale=whole)


def test_numbers_and_lists_read_none_of_babels_locale_data(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refused(name: str, merge_inherited: bool = True) -> dict[str, object]:
        raise AssertionError(f"Babel's data for {name} read")

    monkeypatch.setattr(localedata, "load", refused)
    german = Language("de")
    assert german.number(1234567) == "1.234.567"
    assert german.number(3.14159, 2) == "3,14"
    assert german.percent(0.123) == "12,3\xa0%"
    assert german.list(["Ann", "Bo", "Cy"], "or") == "Ann, Bo oder Cy"
    english = Language("en")
    assert [german.name_in(german), german.name_in(english)] == ["Deutsch", "German"]
    assert [english.name_in(german), english.name_in(english)] == ["Englisch", "English"]
    monkeypatch.undo()
    assert format_date(dt.date(2026, 3, 1), "short", locale=german.locale) == "01.03.26"


def test_the_bot_starts_without_babels_locale_data() -> None:
    """The commands name each language in its own words from the kept file: importing the
    bot and its features leaves Babel's data unread (some 5 MiB held for good)."""
    code = (
        "import bot.command_line\n"
        "from bot.service import feature_registry\n"
        "feature_registry.discovered()\n"
        "from babel import core, localedata\n"
        "print(sorted(localedata._cache), core._global_data is None)\n"
    )
    found = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert found.stdout.split() == ["[]", "True"]
