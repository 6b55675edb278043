"""When a tournament starts, or its sign-up ends, as an organiser types it: a date and
time in their own time zone ("2026-12-05 18:00", or a date alone for its midnight), or a
while from now ("+90m", "+6h", "+3d")."""

from __future__ import annotations

import datetime as dt
import re
from zoneinfo import ZoneInfo

from bot.service.errors import ServiceError
from i18n import Message

WHILE = re.compile(r"^\+\s*(?P<count>[0-9]{1,4})\s*(?P<unit>[mhd])$")
UNITS = {"m": 60, "h": 3600, "d": 86_400}
FORMATS = ("%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M", "%Y-%m-%d")


class BadTime(ServiceError):
    """A time that can't be read."""

    def __init__(self, typed: str) -> None:
        super().__init__(
            Message(
                "I can't read “{typed}” as a time: write a date and time such as "
                "2026-12-05 18:00 (your time zone, as /my settings has it), or a while "
                "from now such as +6h or +3d.",
                typed=typed[:40],
            )
        )


def read_time(typed: str, now: float, zone: str | None) -> float:
    """The moment ``typed`` names, in ``zone`` (UTC without one); refused in plain words
    when it names none."""
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
    raise BadTime(text)
