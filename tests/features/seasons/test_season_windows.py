"""Seasons as windows of time: calendar months and quarters in UTC, or a server's own
dates; every moment in exactly one, the seasons tiling time without a gap."""

from __future__ import annotations

import itertools
from datetime import UTC, date, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.features.seasons.windows import EPOCH, Season, SeasonMode, Seasons, dates_text, read_dates
from i18n import language

START = datetime(2020, 1, 1, tzinfo=UTC).timestamp()
END = datetime(2040, 1, 1, tzinfo=UTC).timestamp()
moments = st.floats(min_value=START, max_value=END, allow_nan=False)
dated = st.lists(
    st.dates(min_value=date(2020, 1, 1), max_value=date(2039, 12, 31)),
    min_size=1,
    max_size=24,
    unique=True,
).map(lambda days: Seasons(SeasonMode.DATES, tuple(sorted(days))))
kinds = st.one_of(
    st.just(Seasons(SeasonMode.MONTHLY)), st.just(Seasons(SeasonMode.QUARTERLY)), dated
)


def at(text: str) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=UTC).timestamp()


@given(kinds, moments)
def test_every_moment_falls_in_exactly_one_season(seasons: Seasons, moment: float) -> None:
    season = seasons.at(moment)
    assert season is not None and season.holds(moment)
    after, before = seasons.after(season), seasons.before(season)
    assert after is None or not after.holds(moment)
    assert before is None or not before.holds(moment)


@given(kinds, moments, moments)
def test_seasons_tile_time_without_gaps(seasons: Seasons, first: float, last: float) -> None:
    first, last = min(first, last), max(first, last)
    found = seasons.between(first, last)
    assert found[0] == seasons.at(last) and found[-1] == seasons.at(first)
    for newer, older in itertools.pairwise(found):
        assert older.end == newer.start
        assert seasons.after(older) == newer and seasons.before(newer) == older


def test_months_and_quarters_are_the_calendars_in_utc() -> None:
    monthly, quarterly = Seasons(SeasonMode.MONTHLY), Seasons(SeasonMode.QUARTERLY)
    assert monthly.at(at("2026-11-30T23:59:59")) == Season(
        SeasonMode.MONTHLY, at("2026-11-01T00:00"), at("2026-12-01T00:00")
    )
    assert monthly.at(at("2026-12-01T00:00")) == Season(
        SeasonMode.MONTHLY, at("2026-12-01T00:00"), at("2027-01-01T00:00")
    )
    assert quarterly.at(at("2026-11-15T12:00")) == Season(
        SeasonMode.QUARTERLY, at("2026-10-01T00:00"), at("2027-01-01T00:00")
    )
    assert quarterly.at(at("2026-01-01T00:00")) == Season(
        SeasonMode.QUARTERLY, at("2026-01-01T00:00"), at("2026-04-01T00:00")
    )


def test_a_servers_dates_run_each_to_the_next_and_the_last_runs_on() -> None:
    seasons = Seasons(SeasonMode.DATES, (date(2026, 1, 1), date(2026, 4, 15)))
    assert seasons.at(at("2025-06-01T00:00")) == Season(
        SeasonMode.DATES, EPOCH.timestamp(), at("2026-01-01T00:00")
    )
    assert seasons.at(at("2026-04-14T23:59")) == Season(
        SeasonMode.DATES, at("2026-01-01T00:00"), at("2026-04-15T00:00")
    )
    last = seasons.at(at("2030-01-01T00:00"))
    assert last == Season(SeasonMode.DATES, at("2026-04-15T00:00"), None)
    assert seasons.after(last) is None


def test_without_seasons_no_moment_has_one() -> None:
    assert Seasons().at(START) is None and not Seasons().on
    assert Seasons(SeasonMode.DATES).at(START) is None
    assert Seasons().between(START, END) == []


@pytest.mark.parametrize(
    ("seasons", "moment", "english", "german"),
    [
        (Seasons(SeasonMode.MONTHLY), "2026-11-15", "November 2026", "November 2026"),
        (Seasons(SeasonMode.QUARTERLY), "2026-11-15", "Q4 2026", "Q4 2026"),
        (
            Seasons(SeasonMode.DATES, (date(2026, 1, 1), date(2026, 4, 15))),
            "2026-02-01",
            "Jan 1\u2009–\u2009Apr 14, 2026",
            "1. Jan.\u2009–\u200914. Apr. 2026",
        ),
        (
            Seasons(SeasonMode.DATES, (date(2026, 1, 1), date(2026, 4, 15))),
            "2026-05-01",
            "from Apr 15, 2026",
            "ab 15. Apr. 2026",
        ),
        (
            Seasons(SeasonMode.DATES, (date(2026, 1, 1),)),
            "2025-05-01",
            "before Jan 1, 2026",
            "vor dem 1. Jan. 2026",
        ),
    ],
)
def test_a_season_is_named_in_the_readers_language(
    seasons: Seasons, moment: str, english: str, german: str
) -> None:
    season = seasons.at(at(moment + "T12:00"))
    assert season is not None
    assert season.name(language("en")) == english
    assert season.name(language("de")) == german


def test_dates_are_read_as_typed_and_written_back() -> None:
    days = read_dates("2026-01-01, 2026-04-15 2026-07-01")
    assert days == (date(2026, 1, 1), date(2026, 4, 15), date(2026, 7, 1))
    assert dates_text(days) == "2026-01-01, 2026-04-15, 2026-07-01"
    with pytest.raises(ValueError):
        read_dates("1 January")
