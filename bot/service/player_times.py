"""A player's day in their own time zone: whether the bot may write to them now (their
quiet hours), when their daily summary is due, and when a day they are away until ends.
Discord tells a bot no user's time zone, so the player tells it once; until then it is
UTC."""

from __future__ import annotations

import datetime as dt
import functools
import zoneinfo

from bot.games.escaping import quoted
from bot.service.errors import BadSetting
from bot.storage.records import PlayerSettings, QuietHours
from i18n import Message

UTC = dt.UTC
DAY = 86400.0


@functools.cache
def zone_names() -> frozenset[str]:
    """Every time zone the bot knows by name (the IANA database's)."""
    return frozenset(zoneinfo.available_timezones())


def zone_named(name: str) -> zoneinfo.ZoneInfo:
    """The time zone called ``name`` (``Europe/Berlin``), refused plainly when there is
    none by that name."""
    if name not in zone_names():
        raise BadSetting(
            Message(
                "{zone} is no time zone I know: choose one of those offered as you type "
                "(a city, such as Europe/Berlin)",
                zone=quoted(name),
            )
        )
    return zoneinfo.ZoneInfo(name)


def zone_of(settings: PlayerSettings) -> dt.tzinfo:
    """The player's time zone (UTC until they tell it, or if it is no longer known)."""
    if settings.time_zone is None or settings.time_zone not in zone_names():
        return UTC
    return zoneinfo.ZoneInfo(settings.time_zone)


def local(now: float, zone: dt.tzinfo) -> dt.datetime:
    """``now`` (seconds since the epoch) on the clock of ``zone``."""
    return dt.datetime.fromtimestamp(now, zone)


def next_at_hour(now: float, hour: int, zone: dt.tzinfo) -> float:
    """The next moment after ``now`` when the clocks of ``zone`` show ``hour`` o'clock
    (on a day that skips that hour, the moment it is skipped to)."""
    today = local(now, zone).date()
    for days in range(3):
        day = today + dt.timedelta(days=days)
        at = dt.datetime(day.year, day.month, day.day, hour, tzinfo=zone).timestamp()
        if at > now:
            return at
    raise AssertionError("an hour comes back within three days")


def quiet_until(settings: PlayerSettings, now: float) -> float | None:
    """When the player's quiet hours end, if they are in them at ``now``."""
    quiet = settings.quiet
    if quiet is None:
        return None
    zone = zone_of(settings)
    if not is_quiet(quiet, local(now, zone).hour):
        return None
    return next_at_hour(now, quiet.end, zone)


def is_quiet(quiet: QuietHours, hour: int) -> bool:
    """Whether ``hour`` o'clock falls in the quiet hours (which may run over midnight)."""
    if quiet.start < quiet.end:
        return quiet.start <= hour < quiet.end
    return hour >= quiet.start or hour < quiet.end


def day_ends(day: dt.date, zone: dt.tzinfo) -> float:
    """The moment ``day`` ends (the next one begins) in ``zone``."""
    after = day + dt.timedelta(days=1)
    return dt.datetime(after.year, after.month, after.day, tzinfo=zone).timestamp()


def today(now: float, settings: PlayerSettings) -> dt.date:
    """The player's date at ``now``."""
    return local(now, zone_of(settings)).date()
