"""What ``/my`` offers as a player types: time zones by city in their language, each
with its time now, their own country's first; days away in their language, from today
to the server's limit; always within Discord's 25 choices and 100 characters."""

from __future__ import annotations

import datetime as dt

from bot.discord_ui.core.players.completions import OFFERED, away_days, time_zones
from i18n import english, language

NOON_UTC = dt.datetime(2026, 11, 24, 12, tzinfo=dt.UTC).timestamp()


def test_a_city_typed_in_the_players_language_finds_its_zone_with_its_time() -> None:
    german = language("de")
    (berlin,) = time_zones("berl", german, NOON_UTC, None)
    assert (berlin.name, berlin.value) == ("Europe/Berlin · 13:00", "Europe/Berlin")
    (vienna, *_) = time_zones("wien", german, NOON_UTC, None)
    assert vienna.name == "Wien · Europe/Vienna · 13:00", "by its German name"
    assert vienna.value == "Europe/Vienna" and vienna.name.endswith("· 13:00")
    (york, *_) = time_zones("new york", english(), NOON_UTC, None)
    assert york.value == "America/New_York" and york.name.endswith("· 07:00")


def test_before_anything_is_typed_the_players_own_and_their_countrys_come_first() -> None:
    offered = time_zones("", language("de"), NOON_UTC, "Asia/Tokyo")
    assert [c.value for c in offered][:2] == ["Asia/Tokyo", "Europe/Berlin"]
    assert "UTC" in [c.value for c in offered]
    american = [c.value for c in time_zones("", english(), NOON_UTC, None)]
    assert "America/New_York" in american and "America/Los_Angeles" in american


def test_choices_stay_within_discords_limits() -> None:
    for typed in ("", "a", "america", "x"):
        offered = time_zones(typed, english(), NOON_UTC, None)
        assert len(offered) <= OFFERED
        assert all(1 <= len(c.name) <= 100 and len(c.value) <= 100 for c in offered)
    assert time_zones("nowhere at all", english(), NOON_UTC, None) == []


def test_the_days_away_are_written_in_the_players_language_up_to_the_limit() -> None:
    today = dt.date(2026, 11, 24)
    offered = away_days("", english(), today, 14)
    assert offered[0].name == "Tuesday 24 November (today)"
    assert offered[4].name == "Saturday 28 November (4 days)"
    assert offered[4].value == "2026-11-28"
    assert len(offered) == 15
    german = away_days("frei", language("de"), today, 14)
    assert [c.name for c in german] == [
        "Freitag 27 November (3 Tage)",
        "Freitag 4 Dezember (10 Tage)",
    ]
    assert len(away_days("", english(), today, 30)) == OFFERED
    assert [c.value for c in away_days("2026-12-0", english(), today, 14)] == [
        "2026-12-01",
        "2026-12-02",
        "2026-12-03",
        "2026-12-04",
        "2026-12-05",
        "2026-12-06",
        "2026-12-07",
        "2026-12-08",
    ]
