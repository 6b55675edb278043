"""A language: its compiled catalogs, and Babel's formats for its numbers and lists
(``formats``).

Dates are left to Discord: a timestamp (``<t:…:d>``) is written by each reader's own
client, in their language and time zone."""

from __future__ import annotations

import copy
import gettext
from collections.abc import Iterable, Mapping
from decimal import Decimal
from functools import cache, cached_property, lru_cache
from pathlib import Path
from typing import Any, Literal

from babel import Locale
from babel.lists import format_list
from babel.numbers import NumberPattern, parse_pattern

from i18n.formats import formats, name_in

LOCALES_DIR = Path(__file__).with_name("locales")
DEFAULT = "en"
"""The language the source text is written in; every other one has catalogs."""


def _languages() -> tuple[str, ...]:
    found = sorted(p.name for p in LOCALES_DIR.iterdir() if (p / "LC_MESSAGES").is_dir())
    return (DEFAULT, *found)


def domains() -> tuple[str, ...]:
    """The catalogs: ``platform`` and one per game, as their templates name them."""
    return tuple(sorted(p.stem for p in LOCALES_DIR.glob("*.pot")))


LANGUAGES = _languages()
"""Every language the bot speaks, as two-letter codes, English first."""


def supported(locale: str | None) -> str | None:
    """The language of a Discord or POSIX locale (``de``, ``en-US``, ``de_AT``) if the bot
    speaks it."""
    if not locale:
        return None
    code = locale.replace("_", "-").split("-")[0].lower()
    return code if code in LANGUAGES else None


class Language:
    """Words and numbers in one language. ``_`` and ``ngettext`` take English source text
    (which Babel extracts) and fill in ``{named}`` values after translating."""

    def __init__(self, code: str) -> None:
        self.code = code
        self._formats = formats(code)
        self._catalog: gettext.NullTranslations = gettext.NullTranslations()
        if code != DEFAULT:
            self._catalog = _catalogs(code)

    def __repr__(self) -> str:
        return f"Language({self.code!r})"

    @cached_property
    def locale(self) -> Locale:
        """Babel's whole locale, for a date: loaded where one is written or read."""
        return Locale.parse(self.code)

    def name_in(self, reader: Language) -> str:
        """Its name in ``reader``'s words (``Deutsch``, ``German``), without Babel's whole
        locales."""
        return name_in(self.code, reader.code)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # By its code: a picture drawn in another process takes that process's own copy
        # instead of every catalog sent along with each view.
        return (_language, (self.code,))

    def _(self, text: str, /, **values: object) -> str:
        return self._filled(self._catalog.gettext(text), values)

    def pgettext(self, context: str, text: str, /, **values: object) -> str:
        """For a short text whose translation depends on where it stands (a button's
        "Start" against a lobby's)."""
        return self._filled(self._catalog.pgettext(context, text), values)

    def ngettext(self, singular: str, plural: str, n: int, /, **values: object) -> str:
        """The form for ``n`` (``{n}`` in the text is ``n`` formatted for the language)."""
        chosen = self._catalog.ngettext(singular, plural, n)
        return self._filled(chosen, {"n": self.number(n), **values})

    def say(self, words: Message | Plural) -> str:
        return words.words(self)

    def _filled(self, text: str, values: Mapping[str, object]) -> str:
        if not values:
            return text
        # A tuple, not ``Message | Plural``: the union was made again and walked at
        # each value, a tenth of the words' time.
        shown = {
            key: value.words(self) if isinstance(value, _WORDS) else value
            for key, value in values.items()
        }
        return text.format(**shown)

    def number(self, value: int | float | Decimal, digits: int | None = None) -> str:
        """``1,234`` / ``1.234``; with ``digits``, exactly that many after the point."""
        if type(value) is int and digits is None:
            # The pictures show dozens of small counts at every move.
            return _whole_number(self.code, value)
        return str(_pattern(self._formats, "decimal", digits).apply(value, self._formats))

    def signed(self, value: int) -> str:
        """``+138`` / ``-12``: a change, always with its sign."""
        return ("+" if value >= 0 else "") + self.number(value)

    def percent(self, fraction: float | Decimal, digits: int = 1) -> str:
        """``12.3%`` / ``12,3 %``."""
        return str(_pattern(self._formats, "percent", digits).apply(fraction, self._formats))

    def list(self, items: Iterable[str], style: Literal["standard", "or"] = "standard") -> str:
        """``Ann, Bo and Cy`` / ``Ann, Bo und Cy`` (``style="or"`` for a choice)."""
        return format_list(list(items), style=style, locale=self._formats)


def N_(text: str) -> str:
    """Marks English source text for Babel where it is kept as it is and translated where
    it is shown (a command's description, an option's value)."""
    return text


class Message:
    """Words chosen now and put into a reader's language later: a refusal raised in the
    service, a rule option's description. ``str()`` gives the English, for logs."""

    __slots__ = ("text", "values")

    def __init__(self, text: str, /, **values: object) -> None:
        self.text = text
        self.values = values

    def words(self, lang: Language) -> str:
        return lang._(self.text, **self.values)

    def __str__(self) -> str:
        return self.words(english())

    def __repr__(self) -> str:
        return f"Message({self.text!r})"


class Plural:
    """A ``Message`` whose words depend on a count."""

    __slots__ = ("n", "plural", "singular", "values")

    def __init__(self, singular: str, plural: str, n: int, /, **values: object) -> None:
        self.singular, self.plural, self.n, self.values = singular, plural, n, values

    def words(self, lang: Language) -> str:
        return lang.ngettext(self.singular, self.plural, self.n, **self.values)

    def __str__(self) -> str:
        return self.words(english())

    def __repr__(self) -> str:
        return f"Plural({self.singular!r}, {self.n})"


Words = Message | Plural
"""Text to be put into a reader's language."""
_WORDS = (Message, Plural)


@cache
def language(locale: str | None) -> Language:
    """The language for a Discord locale (``de``, ``en-GB``…), English when the bot
    doesn't speak it."""
    return _language(supported(locale) or DEFAULT)


@cache
def _language(code: str) -> Language:
    return Language(code)


def english() -> Language:
    return _language(DEFAULT)


def _catalogs(code: str) -> gettext.NullTranslations:
    """Every domain's compiled catalog for the language, looked up one after another."""
    chain: gettext.NullTranslations | None = None
    for domain in domains():
        # gettext's own reader: Babel's (``babel.support``) brings its dates along.
        catalog = gettext.translation(domain, LOCALES_DIR, [code], fallback=True)
        if chain is None:
            chain = catalog
        else:
            chain.add_fallback(catalog)
    return chain or gettext.NullTranslations()


@lru_cache(maxsize=4096)
def _whole_number(code: str, value: int) -> str:
    # By the language's code: a locale's hash is Babel's, in Python, at every number.
    locale = formats(code)
    return str(_pattern(locale, "decimal", None).apply(value, locale))


@cache
def _pattern(locale: Locale, kind: str, digits: int | None) -> NumberPattern:
    formats = locale.percent_formats if kind == "percent" else locale.decimal_formats
    pattern = copy.copy(parse_pattern(formats[None]))
    if digits is not None:
        pattern.frac_prec = (digits, digits)
    return pattern
