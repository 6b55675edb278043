"""A server's seasons: windows of time in which its ladder keeps standings of their own
while the rating itself runs on (as Board Game Arena's seasons reset arena points and
keep the rating).

Pure: the windows follow from the server's choice alone. Months and quarters are the
calendar's in UTC (a season ends at midnight UTC, whatever the members' time zones); a
server's own dates likewise start their seasons at midnight UTC. With dates, each season
runs from one date to the next and the last runs on; the time before the first date is
a season too ("before 1 Jan 2026"), so every moment falls in exactly one season.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from enum import StrEnum

from babel.dates import format_interval, format_skeleton

from i18n import Language


class SeasonMode(StrEnum):
    """How a server cuts its time into seasons."""

    OFF = "off"
    MONTHLY = "monthly"
    QUARTERLY = "quarterly"
    DATES = "dates"
    """From each of the server's own dates to the next."""


EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
"""Where the season before a server's first date begins: before any game."""


@dataclass(frozen=True)
class Season:
    """One season: from ``start`` (included) to ``end`` (excluded), in seconds since the
    epoch; ``end`` is ``None`` for the last of a server's dates, which runs on."""

    mode: SeasonMode
    start: float
    end: float | None

    def holds(self, moment: float) -> bool:
        """Whether ``moment`` falls in this season."""
        return self.start <= moment and (self.end is None or moment < self.end)

    @property
    def first_day(self) -> date:
        """The season's first day (UTC)."""
        return _day(self.start)

    @property
    def last_day(self) -> date | None:
        """The season's last whole day (UTC); ``None`` while it runs on."""
        return None if self.end is None else _day(self.end) - timedelta(days=1)

    def name(self, lang: Language) -> str:
        """The season in a few words, in ``lang``: "November 2026", "Q4 2026",
        "1 Jan – 14 Apr 2026", "from 15 Apr 2026", "before 1 Jan 2026"."""
        locale = lang.locale
        first = self.first_day
        if self.mode is SeasonMode.MONTHLY:
            return format_skeleton("yMMMM", first, locale=locale)
        if self.mode is SeasonMode.QUARTERLY:
            return format_skeleton("yQQQ", first, locale=locale)
        if self.start == EPOCH.timestamp():
            assert self.end is not None
            return lang._("before {date}", date=_day_name(_day(self.end), lang))
        last = self.last_day
        if last is None:
            return lang._("from {date}", date=_day_name(first, lang))
        if last == first:
            return _day_name(first, lang)
        return format_interval(first, last, "yMMMd", locale=locale)


@dataclass(frozen=True)
class Seasons:
    """A server's seasons, as it chose them (``dates`` matter only for ``DATES``: its
    seasons' first days, in order)."""

    mode: SeasonMode = SeasonMode.OFF
    dates: tuple[date, ...] = ()

    @property
    def on(self) -> bool:
        """Whether the server has seasons."""
        return self.mode is not SeasonMode.OFF and (
            self.mode is not SeasonMode.DATES or bool(self.dates)
        )

    def at(self, moment: float) -> Season | None:
        """The season ``moment`` falls in; ``None`` when the server has none."""
        if not self.on:
            return None
        # Whole seconds, as every season's bounds are: a moment a hair before midnight
        # would otherwise be rounded into the next day.
        when = datetime.fromtimestamp(math.floor(moment), UTC)
        if self.mode is SeasonMode.DATES:
            return self._dated(when)
        months = 1 if self.mode is SeasonMode.MONTHLY else 3
        month = (when.month - 1) // months * months + 1
        start = datetime(when.year, month, 1, tzinfo=UTC)
        return Season(self.mode, start.timestamp(), _months_on(start, months).timestamp())

    def _dated(self, when: datetime) -> Season:
        starts = [EPOCH, *(_midnight(day) for day in self.dates)]
        index = max(i for i, start in enumerate(starts) if start <= when)
        end = starts[index + 1].timestamp() if index + 1 < len(starts) else None
        return Season(self.mode, starts[index].timestamp(), end)

    def after(self, season: Season) -> Season | None:
        """The season that follows ``season``; ``None`` after one that runs on."""
        return None if season.end is None else self.at(season.end)

    def before(self, season: Season) -> Season | None:
        """The season before ``season``; ``None`` before the first."""
        return None if season.start <= EPOCH.timestamp() else self.at(season.start - 1)

    def between(self, first: float, last: float) -> list[Season]:
        """The seasons from the one ``first`` falls in to the one ``last`` falls in, the
        newest first; none when the server has no seasons."""
        season = self.at(last)
        found: list[Season] = []
        while season is not None and (season.end is None or season.end > first):
            found.append(season)
            if season.start <= first:
                break
            season = self.before(season)
        return found


def read_dates(text: str) -> tuple[date, ...]:
    """A server's season dates as typed: ISO dates (``2026-01-01``) separated by commas
    or spaces; a ``ValueError`` for any that isn't one."""
    pieces = [piece for piece in text.replace(",", " ").split() if piece]
    return tuple(date.fromisoformat(piece) for piece in pieces)


def dates_text(dates: Sequence[date]) -> str:
    """The dates as stored and typed: ISO dates separated by commas."""
    return ", ".join(day.isoformat() for day in dates)


def _midnight(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, tzinfo=UTC)


def _day(moment: float) -> date:
    return datetime.fromtimestamp(moment, UTC).date()


def _months_on(start: datetime, months: int) -> datetime:
    month = start.month - 1 + months
    return datetime(start.year + month // 12, month % 12 + 1, 1, tzinfo=UTC)


def _day_name(day: date, lang: Language) -> str:
    return format_skeleton("yMMMd", day, locale=lang.locale)
