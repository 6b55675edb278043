"""What a face makes a viewer's ``Board`` (``bot.games.face``) with: a view's plain values,
and the controls a board offers.

A face builds a viewer's board from the same views its pictures are drawn from, so what a
viewer may see is decided where the channel's table and a seat's own message decide it:
the table is the public picture's view, and a seat's own part is its private message's
view, given to that seat alone.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from enum import Enum
from string import Formatter
from typing import Any

from bot.games.face import Choice, Control, Menu
from i18n import Language, Plural


def plain(value: Any) -> Any:
    """A view's values as JSON: dataclasses as objects (their language left out: the
    board's words come with it), tuples and sets as lists, enums as their values."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: plain(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if not isinstance(getattr(value, f.name), Language)
        }
    if isinstance(value, Enum):
        return plain(value.value)
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (frozenset, set)):
        return sorted(plain(v) for v in value)
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise TypeError(f"{type(value).__name__} has no plain form")


def playable(controls: Sequence[Control]) -> tuple[Choice | Menu, ...]:
    """The controls a board offers: its buttons and menus (a board needs no button to open
    a hand: the viewer's hand is on it)."""
    return tuple(c for c in controls if isinstance(c, (Choice, Menu)))


def plural_words(key: str, lang: Language, counted: Plural) -> dict[str, str]:
    """A word of the board's page with a count, as ``key.<category>`` for each plural
    category of ``lang``, with ``{n}`` left for the page to fill in: each form is the
    catalog's form of ``counted`` (its count unused) for a number of that category. The
    page picks the form with ``Intl.PluralRules``, which names the same categories as
    Babel (CLDR)."""
    singular, plural = counted.singular, counted.plural
    samples: dict[str, int] = {}
    for n in range(200):
        samples.setdefault(str(lang.locale.plural_form(n)), n)
    # Every placeholder stays as it is, for the page.
    kept = {
        name: f"{{{name}}}"
        for text in (singular, plural)
        for _, name, _, _ in Formatter().parse(text)
        if name
    }
    return {
        f"{key}.{category}": lang.ngettext(singular, plural, n, **kept)
        for category, n in samples.items()
    }
