"""Values read from a row, checked one by one before anything uses them.

SQLite keeps whatever is written into a column (text in a number's column), and a
double precision column may hold NaN or an infinity on either database: one such value
must make its own game broken, never fail the code that reads it for every game (the
deadline scan, a start-up's catch-up).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from types import MappingProxyType, NoneType
from typing import Any

from bot.storage.connection import Row
from bot.storage.game_values import Level

Check = Callable[[object], bool]
LEVELS = frozenset(Level)


def whole(value: object) -> bool:
    """A whole number, as a column holding one must (SQLite keeps whatever it is given)."""
    return type(value) is int


def whole_or_none(value: object) -> bool:
    """A whole number, or nothing."""
    return value is None or type(value) is int


def number(value: object) -> bool:
    """A finite number (PostgreSQL keeps NaN and infinities too)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return math.isfinite(value)


def number_or_none(value: object) -> bool:
    """A finite number, or nothing."""
    return value is None or number(value)


def flag(value: object) -> bool:
    """0 or 1, as a column of yes or no holds it."""
    return type(value) is int and value in (0, 1)


def text(value: object) -> bool:
    """Text."""
    return isinstance(value, str)


def text_or_none(value: object) -> bool:
    """Text, or nothing."""
    return value is None or isinstance(value, str)


def level_or_none(value: object) -> bool:
    """A computer player's level as ``Level`` names it, or none (a human's seat)."""
    return value is None or value in LEVELS


Column = tuple[str, Check, Any]
"""A column's name, what its values must be, and what stands in for a damaged one."""

PASSED_BY_TYPE: Mapping[Check, frozenset[type]] = MappingProxyType(
    {
        whole: frozenset({int}),
        whole_or_none: frozenset({int, NoneType}),
        number_or_none: frozenset({NoneType}),
        text: frozenset({str}),
        text_or_none: frozenset({str, NoneType}),
        level_or_none: frozenset({NoneType}),
    }
)
"""Checks that every value of these types passes: its type says so without a call (a
value of another type may pass too, a ``str``'s subclass ``text``, once called)."""


class Columns:
    """The columns one kind of row is checked by, in their ``SELECT``'s order, made ready
    once for every row read (a game's row is read at every move)."""

    def __init__(self, *columns: Column) -> None:
        self.names = tuple(name for name, _, _ in columns)
        self.checks = tuple(
            (name, PASSED_BY_TYPE.get(check, frozenset()), check, stand_in)
            for name, check, stand_in in columns
        )


def checked(columns: Columns, row: Row) -> tuple[dict[str, Any], str | None]:
    """The row's values of ``columns``, by name, each damaged one replaced by its column's
    stand-in, and what the first damaged one (in the order of ``columns``) was (``None``
    if none is)."""
    clean: dict[str, Any] = {}
    damage = None
    picked = row.picked(columns.names)
    for value, (name, passing, check, stand_in) in zip(picked, columns.checks, strict=True):
        if type(value) in passing or check(value):
            clean[name] = value
            continue
        clean[name] = stand_in
        damage = damage or f"its {name} is damaged ({value!r:.40})"
    return clean, damage
