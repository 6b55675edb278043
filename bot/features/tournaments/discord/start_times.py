"""When a tournament starts, or its sign-up ends, as an organiser types it: a date and
time in their own time zone, written as their Discord's language writes them
("31.12.2026 18:00" in German, "12/31/2026 6:00 PM" in American English) or as
ISO 8601 ("2026-12-31 18:00"), a date alone meaning its midnight; or a while from now
("+90m", "+6h", "+3d")."""

from __future__ import annotations

import datetime as dt
import re
from zoneinfo import ZoneInfo

from babel.dates import format_date, format_time, parse_date, parse_time

from bot.service.errors import ServiceError
from i18n import Language, Message

WHILE = re.compile(r"^\+\s*(?P<count>[0-9]{1,4})\s*(?P<unit>[mhd])$")
UNITS = {"m": 60, "h": 3600, "d": 86_400}
FORMATS = ("%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M", "%Y-%m-%d")
EXAMPLE = dt.datetime(2026, 12, 31, 18, 0)
"""The moment an example of a time is written at, in the reader's own way."""


class BadTime(ServiceError):
    """A time that can't be read."""

    def __init__(self, typed: str, example: str) -> None:
        super().__init__(
            Message(
                "I can't read “{typed}” as a time: write a date and time such as {example} "
                "(your time zone, as /my settings has it), or a while from now such as +6h "
                "or +3d.",
                typed=typed[:40],
                example=example,
            )
        )


def written(lang: Language) -> str:
    """``EXAMPLE`` as ``lang`` writes a date and time (``31.12.26 18:00``)."""
    date = format_date(EXAMPLE.date(), "short", locale=lang.locale)
    return f"{date} {format_time(EXAMPLE.time(), 'short', locale=lang.locale)}"


def read_time(typed: str, now: float, zone: str | None, lang: Language) -> float:
    """The moment ``typed`` names, in ``zone`` (UTC without one), written as ``lang``
    writes dates and times or as ISO 8601; refused in plain words when it names none."""
    text = typed.strip()
    ahead = WHILE.match(text)
    if ahead is not None:
        return now + int(ahead["count"]) * UNITS[ahead["unit"]]
    tz = ZoneInfo(zone) if zone else dt.UTC
    for form in FORMATS:
        try:
            moment = dt.datetime.strptime(text, form)
        except ValueError:
            continue
        return moment.replace(tzinfo=tz).timestamp()
    local = _local(text, lang)
    if local is None:
        raise BadTime(text, written(lang))
    return local.replace(tzinfo=tz).timestamp()


def _local(text: str, lang: Language) -> dt.datetime | None:
    """``text`` read as ``lang`` writes a date, then maybe a time (``None``: it isn't)."""
    day, _, clock = text.partition(" ")
    try:
        date = parse_date(day, locale=lang.locale)
        time = parse_time(clock.strip(), locale=lang.locale) if clock.strip() else dt.time()
    except (ValueError, IndexError):
        return None
    return dt.datetime.combine(date, time)
