"""A season's medals are the same on its standings as on its end's podium: only for rating
gained, so a player ranked second or third who lost rating gets a place number."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.features.seasons.discord.podium import podium_card
from bot.features.seasons.discord.season_board import season_card
from bot.features.seasons.queries import SeasonEntry
from bot.features.seasons.service import SeasonEnd, SeasonStanding, SeasonStandings
from bot.features.seasons.windows import Season, SeasonMode
from bot.storage.ratings import SHOWN_SCALE
from i18n import english

NOVEMBER = Season(
    SeasonMode.MONTHLY,
    datetime(2026, 11, 1, tzinfo=UTC).timestamp(),
    datetime(2026, 12, 1, tzinfo=UTC).timestamp(),
)


def standing(place: int, name: str, points: int) -> SeasonStanding:
    return SeasonStanding(place, SeasonEntry(place, name, 3, 1, points / SHOWN_SCALE))


def standings(*points: int) -> SeasonStandings:
    ranked = [
        standing(n, name, p)
        for n, (name, p) in enumerate(zip(["Ann", "Bo", "Cy"], points, strict=False), 1)
    ]
    return SeasonStandings(NOVEMBER, ranked, len(ranked), 0, None)


def test_the_standings_medal_only_the_rating_gained_as_the_podium_does() -> None:
    lang = english()
    shown = standings(40, -56, -60)
    board = season_card(shown, "claimit", "Prospectors", lang).text.splitlines()
    assert board == [
        "🥇 **Ann** · +40 · 3 games · 1 win",
        "`2.` **Bo** · -56 · 3 games · 1 win",
        "`3.` **Cy** · -60 · 3 games · 1 win",
    ]
    podium = podium_card(SeasonEnd(1, "claimit", 2, shown), lang).text
    assert "🥇 **Ann**" in podium and "**Bo**" not in podium and "**Cy**" not in podium


def test_a_place_with_no_rating_gained_has_no_medal_either() -> None:
    lang = english()
    board = season_card(standings(0, -5), "claimit", "Prospectors", lang).text
    assert "🥇" not in board and "🥈" not in board
    podium = podium_card(SeasonEnd(1, "claimit", 2, standings(0, -5)), lang).text
    assert "its podium stays empty" in podium
