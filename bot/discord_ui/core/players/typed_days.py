"""The day a player gives ``/my away until:``: picked from the days offered (their ISO
form), or typed by hand the way their language writes a date. Anything typed is read as a
day or refused in plain words, never failing on the way (a year of twenty digits
overflows what a date holds)."""

from __future__ import annotations

import datetime as dt

from babel.dates import parse_date

from bot.games.escaping import quoted
from bot.service.errors import BadSetting
from i18n import Language, Message


def typed_day(typed: str, lang: Language) -> dt.date:
    """The day ``typed`` names (``2025-03-01``, or ``3/1/25`` in English, ``1.3.25`` in
    German), refused as no day when it names none."""
    try:
        return dt.date.fromisoformat(typed.strip())
    except ValueError:
        pass
    try:
        return parse_date(typed.strip(), locale=lang.locale)
    except (ValueError, IndexError, OverflowError):
        # Babel reads digits wherever they are and hands them to ``date`` as they come:
        # too few is an IndexError, a year past what a date holds an OverflowError.
        raise BadSetting(
            Message(
                "{day} is no day I can read: pick one of those offered as you type",
                day=quoted(typed),
            )
        ) from None
