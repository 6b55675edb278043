"""A server's seasons (``/server settings seasons``, and its own dates with
``season_dates``): the ladder's windows of time with standings of their own."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from datetime import date

from bot.features.seasons.windows import SeasonMode, Seasons, dates_text, read_dates
from bot.service.declared_settings import (
    FeatureSettings,
    ServerSetting,
    Values,
    one_of,
)
from bot.service.errors import BadSetting
from bot.storage.records import GuildSettings
from i18n import N_, Language, Message

MOST_SEASON_DATES = 24
"""A server's own season dates at most: two years of months, more than anyone plans."""
FIRST_SEASON_YEAR = 2020
"""No season may start before this year: the bot kept no games before it."""


def check_season_dates(text: str) -> tuple[date, ...]:
    """A server's own season dates as typed ("2026-01-01, 2026-04-15"), each checked."""
    try:
        dates = read_dates(text)
    except ValueError:
        raise BadSetting(
            Message(
                "season dates are written like 2026-01-01, 2026-04-15 (year-month-day, "
                "separated by commas), and {dates} isn't",
                dates=text,
            )
        ) from None
    if not dates:
        raise BadSetting(Message("season dates need at least one date, like 2026-01-01"))
    if len(dates) > MOST_SEASON_DATES:
        raise BadSetting(Message("at most {most} season dates can be set", most=MOST_SEASON_DATES))
    if dates[0].year < FIRST_SEASON_YEAR:
        raise BadSetting(
            Message("a season can start in {year} at the earliest", year=FIRST_SEASON_YEAR)
        )
    for earlier, later in itertools.pairwise(dates):
        if later <= earlier:
            raise BadSetting(
                Message(
                    "season dates go from the earliest to the latest, each once: "
                    "{later} comes after {earlier}",
                    earlier=earlier.isoformat(),
                    later=later.isoformat(),
                )
            )
    return dates


SEASONS = one_of(
    N_("seasons"),
    N_("Seasons with standings of their own (the rating runs on)"),
    {
        SeasonMode.OFF: N_("off (the default)"),
        SeasonMode.MONTHLY: N_("monthly (calendar months, UTC)"),
        SeasonMode.QUARTERLY: N_("quarterly (calendar quarters, UTC)"),
        SeasonMode.DATES: N_("by the dates in season_dates"),
    },
)
SEASON_DATES = ServerSetting[tuple[date, ...]](
    name=N_("season_dates"),
    description=N_("Your own seasons' first days, like 2026-01-01, 2026-04-15 (UTC)"),
    default=(),
    given=check_season_dates,
    kept=dates_text,
    read=read_dates,
)
"""The first days of the server's own seasons, in order (for ``SeasonMode.DATES``)."""


def calendar(settings: GuildSettings) -> Seasons:
    """The server's seasons as windows of time."""
    return Seasons(SEASONS.of(settings), SEASON_DATES.of(settings))


def _settled(before: GuildSettings, asked: Values) -> Values:
    """Dates given alone choose seasons by dates; seasons by dates need their dates."""
    dates = asked.get(SEASON_DATES.name, SEASON_DATES.of(before))
    mode = asked.get(SEASONS.name)
    if mode is None:
        mode = SeasonMode.DATES if SEASON_DATES.name in asked else SEASONS.of(before)
    if mode is SeasonMode.DATES and not dates:
        raise BadSetting(
            Message(
                "seasons by dates need their dates too, like season_dates: 2026-01-01, 2026-04-15"
            )
        )
    return {SEASONS.name: mode, SEASON_DATES.name: dates}


def _lines(settings: GuildSettings, lang: Language, now: float | None) -> Sequence[tuple[str, str]]:
    return ((lang._("Seasons"), _shown(settings, lang, now)),)


def _shown(settings: GuildSettings, lang: Language, now: float | None) -> str:
    seasons = calendar(settings)
    if not seasons.on:
        return lang._("off")
    if seasons.mode is SeasonMode.MONTHLY:
        kind = lang._("monthly (calendar months, UTC)")
    elif seasons.mode is SeasonMode.QUARTERLY:
        kind = lang._("quarterly (calendar quarters, UTC)")
    else:
        kind = lang._("from each date to the next (UTC): {dates}", dates=dates_text(seasons.dates))
    current = None if now is None else seasons.at(now)
    if current is None:
        return kind
    return lang._("{seasons}; now {season}", seasons=kind, season=current.name(lang))


SETTINGS = FeatureSettings((SEASONS, SEASON_DATES), settled=_settled, lines=_lines)
