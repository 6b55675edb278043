"""Seasons through the service, on both databases: each season's standings of a game
(games, wins and the rating gained in it, read from its rated games' rating changes),
the seasons a server played, the season a member asks for, and each season's end
claimed for its announcement exactly once, by one of two services at once too."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, date, datetime

import pytest

from bot.features.ladder.service import LadderService
from bot.features.seasons.service import (
    ANNOUNCE_WITHIN,
    NAP,
    SEASON_MIN_GAMES,
    NoSuchSeason,
    SeasonService,
    season_asked,
)
from bot.features.seasons.windows import SeasonMode, Seasons
from bot.service import GameService, GuildSettingsService
from bot.storage import Database
from bot.storage.ratings import NEW_PLAYER, SHOWN_SCALE
from tests.bot.fixtures import ANN, BO, CY, PLAYERS, play_to_the_end, started_game
from tests.clock import ManualClock
from tests.finished_games import write_finished_games

pytestmark = pytest.mark.service_on_clock

GUILD = 10
NOVEMBER = datetime(2023, 11, 14, 12, tzinfo=UTC).timestamp()
DECEMBER = datetime(2023, 12, 1, tzinfo=UTC).timestamp()
MONTHLY = Seasons(SeasonMode.MONTHLY)


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(NOVEMBER)


@pytest.fixture
def seasons(database: Database, clock: ManualClock) -> SeasonService:
    return SeasonService(database, clock.now)


async def played(service: GameService, players: int, channel: int, seed: int) -> int:
    game = await started_game(service, players, channel_id=channel)
    return (await play_to_the_end(service, game, random.Random(seed))).id


async def test_a_seasons_standings_are_what_its_rated_games_did(
    service: GameService, seasons: SeasonService, database: Database, clock: ManualClock
) -> None:
    november = [await played(service, 2, 1, seed) for seed in range(SEASON_MIN_GAMES)]
    november.append(await played(service, 3, 2, 7))
    clock.advance(DECEMBER + 60 - clock.now())
    december = await played(service, 2, 1, 8)
    ladder = GameService(database).part(LadderService)
    season = MONTHLY.at(NOVEMBER)
    assert season is not None
    standings = await seasons.standings(GUILD, "claimit", season, CY.user_id)
    gained: dict[int, float] = {}
    wins: dict[int, int] = {}
    for game_id in november:
        for change in await ladder.rating_changes(game_id):
            before = NEW_PLAYER.mu if change.before is None else change.before.mu
            gained[change.user_id] = gained.get(change.user_id, 0) + change.after.mu - before
        for result in await service.history.results(game_id):
            wins[PLAYERS[result.seat].user_id] = wins.get(PLAYERS[result.seat].user_id, 0) + int(
                result.won
            )
    ranked = {s.entry.user_id: s for s in standings.ranked}
    assert set(ranked) == {ANN.user_id, BO.user_id}
    assert [s.place for s in standings.ranked] == [1, 2]
    first, second = standings.ranked
    assert first.entry.mu_change >= second.entry.mu_change
    for user, standing in ranked.items():
        assert standing.entry.games == SEASON_MIN_GAMES + 1
        assert standing.entry.wins == wins[user]
        assert standing.entry.mu_change == pytest.approx(gained[user])
        assert standing.points == round(SHOWN_SCALE * gained[user])
    assert standings.unranked == 1 and standings.players == 3
    (newcomer,) = standings.newcomers
    assert (newcomer.place, newcomer.entry.user_id, newcomer.entry.games) == (0, CY.user_id, 1)
    assert standings.caller is None, "Cy's line is shown already"
    later = MONTHLY.at(clock.now())
    assert later is not None
    now = await seasons.standings(GUILD, "claimit", later, ANN.user_id)
    assert now.ranked == [] and now.unranked == 2 and now.caller is None
    ann = next(s for s in now.newcomers if s.entry.user_id == ANN.user_id)
    assert ann.entry.games == 1
    (change,) = [c for c in await ladder.rating_changes(december) if c.user_id == ANN.user_id]
    assert change.before is not None
    assert ann.entry.mu_change == pytest.approx(change.after.mu - change.before.mu)
    assert (await seasons.standings(GUILD + 1, "claimit", season)).players == 0


async def test_the_seasons_played_run_from_the_first_rated_game_to_now(
    service: GameService, seasons: SeasonService, clock: ManualClock
) -> None:
    assert [s.first_day for s in await seasons.seasons_played(GUILD, "claimit", MONTHLY)] == [
        date(2023, 11, 1)
    ]
    await played(service, 2, 1, 1)
    clock.advance(80 * 24 * 3600)
    days = [s.first_day for s in await seasons.seasons_played(GUILD, "claimit", MONTHLY)]
    assert days == [date(2024, 2, 1), date(2024, 1, 1), date(2023, 12, 1), date(2023, 11, 1)]
    assert await seasons.seasons_played(GUILD, "claimit", Seasons()) == []


def test_the_season_asked_for_is_the_current_one_or_any_day_in_an_earlier_one() -> None:
    now = DECEMBER + 3600
    assert season_asked(MONTHLY, "current", now) == MONTHLY.at(now)
    assert season_asked(MONTHLY, "2023-11-01", now) == MONTHLY.at(NOVEMBER)
    assert season_asked(MONTHLY, " 2023-11-30", now) == MONTHLY.at(NOVEMBER)
    assert season_asked(Seasons(), "current", now) is None
    dated = Seasons(SeasonMode.DATES, (date(2023, 6, 1),))
    assert season_asked(dated, "2023-01-01", now) == dated.at(0)
    for seasons, asked in [
        (MONTHLY, "2024-01-01"),
        (MONTHLY, "November"),
        (MONTHLY, ""),
        (dated, "1969-12-31"),
        (dated, "0001-01-01"),
    ]:
        with pytest.raises(NoSuchSeason):
            season_asked(seasons, asked, now)


async def test_a_seasons_end_is_owed_where_its_game_was_last_played_until_recorded(
    service: GameService, seasons: SeasonService, database: Database, clock: ManualClock
) -> None:
    await GuildSettingsService(database).change(GUILD, declared={"seasons": "monthly"})
    await played(service, 2, 1, 1)
    await played(service, 2, 3, 2)
    assert await seasons.ended_seasons() == []
    assert await seasons.next_season_end() == clock.now() + NAP
    clock.advance(DECEMBER - 60 - clock.now())
    assert await seasons.next_season_end() == DECEMBER
    assert await seasons.ended_seasons() == []
    clock.advance(65)
    other = SeasonService(database, clock.now)
    (end,) = await seasons.ended_seasons()
    assert (end.guild_id, end.kind, end.channel_id) == (GUILD, "claimit", 3)
    assert end.standings.season == MONTHLY.at(NOVEMBER)
    assert end.standings.unranked == 2
    assert (
        end.key
        == f"season-end:{GUILD}:claimit:{int(datetime(2023, 11, 1, tzinfo=UTC).timestamp())}"
    )
    assert await other.ended_seasons() == [end], "owed until it is recorded"
    await asyncio.gather(seasons.announced(end), other.announced(end))
    assert await seasons.ended_seasons() == [] and await other.ended_seasons() == []


async def test_no_end_is_announced_without_a_rated_game_nor_long_after(
    service: GameService, seasons: SeasonService, database: Database, clock: ManualClock
) -> None:
    await GuildSettingsService(database).change(GUILD, declared={"seasons": "monthly"})
    alone = await started_game(service, 1, bots=1)  # one person: unrated
    await play_to_the_end(service, alone, random.Random(1))
    clock.advance(DECEMBER + 5 - clock.now())
    assert await seasons.ended_seasons() == []
    await played(service, 2, 1, 2)
    clock.advance(31 * 24 * 3600 + ANNOUNCE_WITHIN)
    assert await seasons.ended_seasons() == []


async def test_a_long_season_shows_its_top_ten_and_the_askers_own_place(
    seasons: SeasonService, database: Database
) -> None:
    members = [1_000_000 + m for m in range(14)]
    pairs = [members[i : i + 2] for i in range(0, 12, 2)]
    tables = [*pairs * SEASON_MIN_GAMES, members[12:14]]
    await write_finished_games(database, GUILD, 0, random.Random(4), tables=tables)
    await GameService(database).part(LadderService).recompute(GUILD, "claimit")
    season = MONTHLY.at(NOVEMBER)
    assert season is not None
    everyone = await seasons.standings(GUILD, "claimit", season)
    assert everyone.ranked_count == 12 and everyone.unranked == 2
    assert [s.place for s in everyone.ranked] == list(range(1, 11))
    assert everyone.newcomers == [] and everyone.caller is None
    gains = [s.entry.mu_change for s in everyone.ranked]
    assert gains == sorted(gains, reverse=True)
    top = {s.entry.user_id for s in everyone.ranked}
    outside = [m for m in members[:12] if m not in top]
    places = []
    for member in outside:
        asked = await seasons.standings(GUILD, "claimit", season, member)
        assert asked.caller is not None and asked.caller.entry.user_id == member
        places.append(asked.caller.place)
    assert sorted(places) == [11, 12]
    newcomer = await seasons.standings(GUILD, "claimit", season, members[13])
    assert newcomer.caller is not None and newcomer.caller.place == 0
    assert newcomer.caller.entry.games == 1
