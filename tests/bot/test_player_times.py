"""A player's day in their own time zone: quiet hours over midnight or not, the next hour
of their summary across a change of the clocks, the end of a day away, a seat's time
away as its server limits it, and the clock of a turn that waits for someone away."""

from __future__ import annotations

import datetime as dt
import zoneinfo

import pytest

from bot.service.errors import BadSetting
from bot.service.player_times import (
    DAY,
    day_ends,
    is_quiet,
    next_at_hour,
    quiet_until,
    zone_named,
)
from bot.service.time_away import seat_away
from bot.storage.records import (
    Away,
    AwayMode,
    GuildSettings,
    PlayerSettings,
    QuietHours,
    Seat,
)

BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")


def at(text: str, zone: dt.tzinfo = BERLIN) -> float:
    return dt.datetime.fromisoformat(text).replace(tzinfo=zone).timestamp()


def test_quiet_hours_over_midnight_and_within_a_day() -> None:
    night = QuietHours(22, 7)
    assert [hour for hour in range(24) if is_quiet(night, hour)] == [0, 1, 2, 3, 4, 5, 6, 22, 23]
    afternoon = QuietHours(13, 15)
    assert [hour for hour in range(24) if is_quiet(afternoon, hour)] == [13, 14]


def test_quiet_hours_end_at_their_hour_in_the_players_zone() -> None:
    settings = PlayerSettings(time_zone="Europe/Berlin", quiet=QuietHours(22, 7))
    assert quiet_until(settings, at("2026-11-24T23:30")) == at("2026-11-25T07:00")
    assert quiet_until(settings, at("2026-11-25T06:59")) == at("2026-11-25T07:00")
    assert quiet_until(settings, at("2026-11-25T07:00")) is None
    assert quiet_until(settings, at("2026-11-25T12:00")) is None
    # Without a zone told, the hours are UTC's.
    utc = PlayerSettings(quiet=QuietHours(22, 7))
    assert quiet_until(utc, at("2026-11-24T23:30", dt.UTC)) == at("2026-11-25T07:00", dt.UTC)
    assert quiet_until(PlayerSettings(), at("2026-11-24T23:30")) is None


def test_the_next_summary_hour_keeps_to_the_local_clock_across_daylight_saving() -> None:
    # Berlin's clocks go back on 25 October 2026: 18:00 is 16:00 UTC before, 17:00 after.
    before = next_at_hour(at("2026-10-24T18:00"), 18, BERLIN)
    assert before == at("2026-10-25T18:00")
    assert before - at("2026-10-24T18:00") == DAY + 3600
    # On the day the clocks go forward (29 March 2026), 02:00 doesn't exist: 03:00 then.
    skipped = next_at_hour(at("2026-03-29T00:30"), 2, BERLIN)
    assert dt.datetime.fromtimestamp(skipped, BERLIN).hour in (1, 3)
    assert skipped > at("2026-03-29T00:30")


def test_a_day_away_ends_at_the_next_midnight_of_the_players_zone() -> None:
    assert day_ends(dt.date(2026, 11, 28), BERLIN) == at("2026-11-29T00:00")
    new_york = zoneinfo.ZoneInfo("America/New_York")
    assert day_ends(dt.date(2026, 11, 28), new_york) == at("2026-11-29T00:00", new_york)


def test_a_time_zone_is_one_the_database_knows() -> None:
    assert zone_named("America/Sao_Paulo").key == "America/Sao_Paulo"
    with pytest.raises(BadSetting):
        zone_named("Mars/Olympus_Mons")


def test_a_seat_is_away_as_its_server_limits_it() -> None:
    seat = Seat(0, 1, None, "Ann", 0)
    now = at("2026-11-24T12:00")
    away = PlayerSettings(away=Away(now, now + 10 * DAY))
    waits = GuildSettings(away_days=14)
    assert seat_away(seat, away, waits, now) == Seat(
        0, 1, None, "Ann", 0, away_until=now + 10 * DAY
    )
    short = GuildSettings(away_days=3, away_mode=AwayMode.STAND_IN)
    limited = seat_away(seat, away, short, now)
    assert limited.away_until == now + 3 * DAY and limited.away_stand_in
    assert seat_away(limited, away, short, now + 3 * DAY).away_until is None, "over by then"
    assert seat_away(limited, PlayerSettings(), short, now).away_until is None, "back"
