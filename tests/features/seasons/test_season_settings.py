"""The seasons' server settings: off by default, and kept as chosen."""

from __future__ import annotations

from datetime import date

from bot.features.seasons.settings import SEASON_DATES, SEASONS, calendar
from bot.features.seasons.windows import SeasonMode, Seasons
from bot.service import GuildSettingsService
from bot.storage import Database, GuildSettings
from tests.bot.test_guild_settings import settings as settings


async def test_seasons_are_off_by_default_and_kept_as_chosen(
    settings: GuildSettingsService, database: Database
) -> None:
    assert SEASONS.of(GuildSettings()) is SeasonMode.OFF and not calendar(GuildSettings()).on
    monthly = await settings.change(1, declared={"seasons": "monthly"})
    assert calendar(monthly) == Seasons(SeasonMode.MONTHLY)
    dated = await settings.change(1, declared={"season_dates": "2026-01-01, 2026-04-15"})
    assert SEASONS.of(dated) is SeasonMode.DATES
    assert SEASON_DATES.of(dated) == (date(2026, 1, 1), date(2026, 4, 15))
    quarterly = await settings.change(1, declared={"seasons": "quarterly"})
    assert SEASON_DATES.of(quarterly) == SEASON_DATES.of(dated), "the dates are kept for later"
    again = await settings.change(1, declared={"seasons": "dates"})
    assert SEASON_DATES.of(again) == SEASON_DATES.of(dated)
    assert await GuildSettingsService(database).get(1) == await settings.get(1)
    off = await settings.change(1, declared={"seasons": "off"})
    assert not calendar(off).on
