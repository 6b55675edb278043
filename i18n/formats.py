"""What Babel needs of a language to write its numbers, percentages and lists, and the names
it gives the bot's languages (the commands' language choices, the settings), kept in
``formats.json`` (``python -m scripts.formats`` takes it from Babel's own data, and a
test keeps the two equal), and handed to Babel's formatting as the language's locale.

Babel's data for a language is the whole of CLDR for it, merged with its parents' and
read with Babel's global data: some 5 MiB that every process writing a number kept for
good (the bot's, and each picture process), for a few symbols and patterns. Dates take
the whole (``Language.locale``), loaded where one is written or read.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.localedata import LocaleDataDict
from babel.numbers import parse_pattern

KEPT = Path(__file__).with_name("formats.json")
STYLES = ("standard", "or")
"""The styles of list the bot writes (``Language.list``)."""
NUMBERING = "latn"
"""The digits the bot writes in: its languages' own."""


def taken(locale: Locale, languages: Iterable[str]) -> dict[str, Any]:
    """What ``formats.json`` keeps of ``locale``'s data, with the names it gives
    ``languages``."""
    return {
        "names": {code: Locale.parse(code).get_display_name(locale) or code for code in languages},
        "number_symbols": dict(locale.number_symbols[NUMBERING]),
        "decimal_format": locale.decimal_formats[None].pattern,
        "percent_format": locale.percent_formats[None].pattern,
        "list_patterns": {style: dict(locale.list_patterns[style]) for style in STYLES},
    }


class Formats(Locale):
    """A language's locale holding only what a number or a list takes (``taken``)."""

    def __init__(self, code: str, kept: dict[str, Any]) -> None:
        super().__init__(code)
        self._kept = LocaleDataDict(
            {
                "number_symbols": {NUMBERING: kept["number_symbols"]},
                "decimal_formats": {None: parse_pattern(kept["decimal_format"])},
                "percent_formats": {None: parse_pattern(kept["percent_format"])},
                "list_patterns": kept["list_patterns"],
            }
        )

    @property
    def _data(self) -> LocaleDataDict:
        return self._kept


@cache
def formats(code: str) -> Locale:
    """The language ``code``'s formats, as kept; Babel's whole locale for one the bot
    does not speak (a test's)."""
    kept = _kept().get(code)
    return Locale.parse(code) if kept is None else Formats(code, kept)


@cache
def _kept() -> dict[str, dict[str, Any]]:
    kept: dict[str, dict[str, Any]] = json.loads(KEPT.read_text(encoding="utf-8"))
    return kept


def name_in(code: str, reader: str) -> str:
    """The language ``code``'s name in the language ``reader`` ("Deutsch", "German"), as
    kept; from Babel's whole locales for one the bot does not speak."""
    name: str | None = _kept().get(reader, {}).get("names", {}).get(code)
    if name is None:
        return Locale.parse(code).get_display_name(Locale.parse(reader)) or code
    return name
