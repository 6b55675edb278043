"""What ``/my`` offers as a player types: time zones by city in their language with the
time there now (Discord tells a bot no user's time zone, so the player picks theirs
once), and the days they may be away until, in their language and their time zone."""

from __future__ import annotations

import datetime as dt
import functools
import zoneinfo

from babel import Locale
from babel.core import get_global
from babel.dates import format_date, get_timezone_location
from discord.app_commands import Choice

from bot.service.player_times import local, zone_names
from i18n import Language

OFFERED = 25
"""Discord shows 25 choices at most."""
AREAS = frozenset(
    {"Africa", "America", "Antarctica", "Asia", "Atlantic", "Australia", "Europe", "Indian"}
    | {"Pacific"}
)
"""The regions of the zones offered as a player types (the database's other names are
old aliases: ``US/Eastern``, ``Etc/GMT+5``); any name of it is taken when typed whole."""


@functools.cache
def _cities(locale: str) -> tuple[tuple[str, str], ...]:
    """Every offered zone with its city in ``locale``'s words, by city."""
    zones = [name for name in zone_names() if name.split("/", 1)[0] in AREAS] + ["UTC"]
    named = [(zone, get_timezone_location(zone, locale=locale, return_city=True)) for zone in zones]
    return tuple(sorted(named, key=lambda pair: pair[1].casefold()))


def _home_zones(locale: Locale) -> list[str]:
    """The zones of the country a language is most spoken in (Germany's for ``de``)."""
    territory = locale.territory
    if territory is None:
        likely = get_global("likely_subtags").get(locale.language, "")
        territory = likely.split("_")[-1] if likely else None
    zones: list[str] = get_global("territory_zones").get(territory or "", [])
    return zones


def time_zones(typed: str, lang: Language, now: float, current: str | None) -> list[Choice[str]]:
    """The zones matching what was typed (a city in the reader's language or the zone's
    name), each shown with the time there now; before anything is typed, the player's
    own zone and those of the country their Discord's language suggests."""
    cities = _cities(str(lang.locale))
    wanted = typed.strip().casefold().replace(" ", "_")
    if wanted:
        found = [
            (zone, city)
            for zone, city in cities
            if wanted in zone.casefold() or wanted in city.casefold().replace(" ", "_")
        ]
        # Those whose city begins with what was typed come first.
        found.sort(key=lambda pair: not pair[1].casefold().replace(" ", "_").startswith(wanted))
    else:
        by_zone = dict(cities)
        home = [current] if current in by_zone else []
        home += [zone for zone in _home_zones(lang.locale) if zone in by_zone]
        found = [(zone, by_zone[zone]) for zone in dict.fromkeys([*home, "UTC"])]
    return [_zone_choice(zone, city, now) for zone, city in found[:OFFERED]]


def _zone_choice(zone: str, city: str, now: float) -> Choice[str]:
    clock = local(now, zoneinfo.ZoneInfo(zone)).strftime("%H:%M")
    shown = zone if city.replace(" ", "_") in zone else f"{city} · {zone}"
    return Choice(name=f"{shown} · {clock}", value=zone)


def away_days(typed: str, lang: Language, today: dt.date, most: int) -> list[Choice[str]]:
    """The days from today to ``most`` days ahead, in the reader's language, as a choice
    of the last day away; those matching what was typed (a weekday, a day, a month)."""
    wanted = typed.strip().casefold()
    choices = []
    for ahead in range(most + 1):
        day = today + dt.timedelta(days=ahead)
        name = _day_name(day, ahead, lang)
        if wanted and wanted not in name.casefold() and not day.isoformat().startswith(wanted):
            continue
        choices.append(Choice(name=name, value=day.isoformat()))
    return choices[:OFFERED]


def _day_name(day: dt.date, ahead: int, lang: Language) -> str:
    date = format_date(day, "EEEE d MMMM", locale=lang.locale)
    if ahead == 0:
        return lang._("{date} (today)", date=date)
    return lang.ngettext("{date} ({n} day)", "{date} ({n} days)", ahead, date=date)
