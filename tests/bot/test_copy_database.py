"""``claimit copy-database``: a bot's whole history in a SQLite file, copied into a new
PostgreSQL database, reads back the same through every service and plays on there.

The history is played through the service: finished and running games of every kind
in two servers (so every ladder has rated games), a lobby, a lobby that expired, a
cancelled game, a game everybody left, players who left a game to a computer player
(in a finished one and a running one), a time-out, a game in a thread of its own, and
both servers' settings with game channels and per-game defaults. Copied back from
PostgreSQL into a new SQLite file it reads the same again.
"""

from __future__ import annotations

import asyncio
import random
import shutil
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import asyncpg
import pytest
import pytest_asyncio

import bot.storage.copy
from bot.__main__ import main
from bot.games.registry import GAMES, rules_for
from bot.service import SYSTEM, Actor, GameService, GuildSettingsService
from bot.storage import (
    Database,
    EndReason,
    Game,
    GameStatus,
)
from bot.storage.copy import CopyError, TargetNotEmpty, copied_tables, copy_database
from bot.storage.game_values import Level
from bot.storage.migrations import latest
from bot.storage.opening import open_database
from bot.storage.records import MINUTE
from tests.bot.fixtures import ANN, BO, CY, DEE, EVE, Clock, new_tournament, tournaments_of
from tests.bot.part_by_part import assert_same_parts
from tests.bot.readings import game_ids
from tests.bot.tables import Table
from tests.bot.two_servers import AWAY, HOME, Reading, read_everything
from tests.postgres_cluster import Cluster

AWAY_CHANNELS = (301, 302, 303)
"""The only channels games may run in on ``AWAY``."""
THREAD = 6001
SEED = 4242
KINDS = tuple(GAMES)


# The history, played through the service on a SQLite file ---------------------------


class EasyTable(Table):
    """Every seat (people's and computer players') plays what an easy computer player
    would."""

    async def press(self, game: Game) -> Game:
        rules = rules_for(game.kind)
        seat = game.seats[rules.to_act(game.state)[0]]
        intent = rules.decide(game.state, seat.seat, Level.EASY, self.rng)
        actor = SYSTEM if seat.is_bot else Actor(seat.user_id)
        return (await self.service.turns.act(game.id, actor, game.version, intent)).game

    async def presses(self, game: Game, presses: int) -> Game:
        """``presses`` moves on; the game is still being played."""
        for _ in range(presses):
            game = await self.press(game)
        assert game.status is GameStatus.ACTIVE
        return game

    async def end(self, game: Game) -> Game:
        while game.status is GameStatus.ACTIVE:
            game = await self.press(game)
        assert game.status is GameStatus.FINISHED
        await self.show(game, "turn_message_id")
        return game


@dataclass(frozen=True)
class History:
    path: Path
    """A SQLite file that holds it (each test copies it)."""
    running: dict[str, int]
    """A game being played, per kind."""


async def play_the_history(database: Database) -> dict[str, int]:
    """Plays the history; returns the running game of each kind."""
    clock = Clock()
    service = GameService(database, dice=random.Random(SEED), clock=clock)
    table = EasyTable(service, clock, random.Random(SEED + 1))
    settings = GuildSettingsService(database)
    await settings.change(
        HOME, kind="claimit", options={"variant": True}, turn_timeout=15 * MINUTE, threads=True
    )
    await settings.change(HOME, kind="claim", options={"factions": "random"})
    await settings.change(AWAY, kind="claim", options={"pair": "gnomes-giants"})
    await settings.change(AWAY, lobby_timeout=60 * MINUTE, bots_allowed=True)
    for channel in AWAY_CHANNELS:
        await settings.change(AWAY, allow_channel=channel)

    for kind in KINDS:
        await table.finished(kind, HOME, 201, [ANN, BO, CY])
        await table.finished(kind, HOME, 201, [BO, DEE], bots=1)
        await table.finished(kind, AWAY, 301, [ANN, EVE, CY])
        await table.finished(kind, AWAY, 301, [DEE, BO])
    await table.finished("claimit", HOME, 202, [EVE], bots=2)  # unrated: one person

    # Bo leaves a game under way: a computer player finishes his seat.
    game = await table.started("nuggets", HOME, 203, [ANN, BO, CY])
    game = await table.presses(game, 5)
    game = await service.leave(game.id, Actor(BO.user_id), game.version)
    await table.end(game)
    # Played in a thread of its own, with a time-out on the way.
    game = await table.started("claim", HOME, 204, [DEE, ANN])
    await service.messages.set_thread(game.id, THREAD)
    game = await table.time_out(await table.presses(await service.game(game.id), 3))
    await table.end(game)
    # A lobby nobody started, a game everybody left and one its host cancelled.
    expired = await table.lobby("claim", HOME, 205, [EVE])
    clock.now = expired.deadline or 0
    await service.expire_lobby(expired.id, expired.version)
    game = await table.presses(await table.started("nuggets", AWAY, 303, [BO, CY], bots=1), 4)
    game = await service.leave(game.id, Actor(BO.user_id), game.version)
    game = await service.leave(game.id, Actor(CY.user_id), game.version)
    assert game.end_reason is EndReason.ABANDONED
    game = await table.presses(await table.started("claimit", HOME, 206, [CY, EVE]), 5)
    await service.cancel(game.id, Actor(CY.user_id), game.version)
    await table.lobby("claim", AWAY, 301, [BO, ANN], bots=1)

    # Being played: one whose last move no message shows yet, one a player left, and
    # one with a turn timeout its host chose, whose clock just ran out on a player.
    claimit = await table.presses(await table.started("claimit", HOME, 207, [DEE, BO], bots=1), 9)
    await table.show(claimit, "turn_message_id", claimit.version - 1)
    nuggets = await table.presses(await table.started("nuggets", HOME, 208, [ANN, CY, EVE]), 6)
    nuggets = await service.leave(nuggets.id, Actor(EVE.user_id), nuggets.version)
    nuggets = await table.presses(nuggets, 3)
    claim = await table.started("claim", AWAY, 302, [CY, EVE], turn_timeout=5 * MINUTE)
    claim = await table.time_out(await table.presses(claim, 6))
    await table.show(claim, "turn_message_id")
    # A tournament being signed up to: its id is an identity too.
    cup = await tournaments_of(service).create_tournament(tournament(clock.now + 3600), ANN, True)
    await tournaments_of(service).sign_up(cup.tournament.id, BO)
    return {"claimit": claimit.id, "nuggets": nuggets.id, "claim": claim.id}


tournament = partial(
    new_tournament, HOME, 210, kind="nuggets", name="Copied Cup", rounds=2, match_size=2, cap=8
)
"""A Swiss tournament of Gold Nuggets in the home server, starting when it is given."""


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def history(tmp_path_factory: pytest.TempPathFactory) -> History:
    """Played once for the module."""
    path = tmp_path_factory.mktemp("history") / "claimit.sqlite3"
    database = await open_database(path)
    try:
        running = await play_the_history(database)
    finally:
        await database.close()
    return History(path, running)


def source_file(history: History, tmp_path: Path) -> Path:
    """A copy of the history's file of the test's own."""
    path = tmp_path / "source.sqlite3"
    shutil.copyfile(history.path, path)
    return path


# What reads back ------------------------------------------------------------------------


async def read_database(target: str | Path) -> Reading:
    database = await open_database(target)
    try:
        return await read_everything(database, KINDS)
    finally:
        await database.close()


def check_it_covers(reading: Reading, running: dict[str, int]) -> None:
    """The history holds what it was played to hold, so that the comparison covers it."""
    games = reading.games.values()
    for kind in KINDS:
        assert reading.games[running[kind]].status is GameStatus.ACTIVE
        assert reading.moves[running[kind]]
        assert any(g.kind == kind and g.status is GameStatus.FINISHED for g in games)
        for guild in (HOME, AWAY):
            ladder = reading.ladders.per_game[guild, kind]
            assert ladder.pages[0].players >= 3, (guild, kind)
            assert ladder.history
    assert {g.status for g in games} == set(GameStatus)
    assert {g.end_reason for g in games} >= {
        EndReason.CANCELLED,
        EndReason.ABANDONED,
        EndReason.LOBBY_EXPIRED,
    }
    left = [g for g in games if any(s.left_user_id is not None for s in g.seats)]
    assert {g.status for g in left} >= {GameStatus.FINISHED, GameStatus.ACTIVE}
    assert any(r.left for results in reading.ladders.results.values() for r in results)
    assert any(g.thread_id == THREAD for g in games)
    assert any(s.timeouts for g in games for s in g.seats)
    assert any(g.shown_version != g.version for g in games)
    assert any(g.setup is not None for g in games)
    home, away = reading.settings[HOME], reading.settings[AWAY]
    assert home.defaults.keys() == {"claimit", "claim"} and home.threads
    assert away.channels == frozenset(AWAY_CHANNELS) and away.defaults.keys() == {"claim"}


def table_rows(path: Path) -> dict[str, int]:
    with closing(sqlite3.connect(path)) as connection:
        return {
            table.name: int(connection.execute(f"SELECT COUNT(*) FROM {table.name}").fetchone()[0])
            for table in copied_tables()
        }


async def play_on(target: str | Path, running: dict[str, int]) -> tuple[Reading, int, int]:
    """Every running game played to its end, the same way on any database, then a new
    lobby and a new tournament; what the database then reads, and their ids."""
    database = await open_database(target)
    try:
        clock = Clock(1_800_000_000.0)
        service = GameService(database, dice=random.Random(SEED + 2), clock=clock)
        table = EasyTable(service, clock, random.Random(SEED + 3))
        for kind in KINDS:
            await table.end(await service.game(running[kind]))
        lobby = await table.lobby("nuggets", HOME, 209, [ANN, BO])
        cup = await tournaments_of(service).create_tournament(
            tournament(clock.now + 3600), BO, True
        )
        return await read_everything(database, KINDS), lobby.id, cup.tournament.id
    finally:
        await database.close()


# The copy ---------------------------------------------------------------------------------


async def test_a_whole_sqlite_history_copied_into_postgresql_reads_and_plays_on_the_same(
    postgres: Cluster, history: History, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = source_file(history, tmp_path)
    original = await read_database(source)
    check_it_covers(original, history.running)
    url = await postgres.new_database()

    told: list[tuple[str, int]] = []
    copied = await copy_database(source, url, progress=lambda *told_of: told.append(told_of))
    rows = table_rows(source)
    assert copied == rows
    assert told == list(rows.items())
    assert all(copied[name] for name in ("games", "moves", "rating_changes", "game_defaults"))
    assert_same_parts(await read_database(url), original)

    # Back from PostgreSQL into a new SQLite file, all the same again; in pages of three
    # rows, so that every table (game_channels to the row) is read page by page.
    monkeypatch.setattr(bot.storage.copy, "PAGE_ROWS", 3)
    back = tmp_path / "back.sqlite3"
    assert await copy_database(url, str(back)) == rows
    assert_same_parts(await read_database(back), original)

    # The running games play on to the same ends on PostgreSQL as on the original file,
    # and the next new game takes the next id (the identity moved past the copied ones).
    on_postgres, lobby, cup = await play_on(url, history.running)
    on_sqlite, same_lobby, same_cup = await play_on(source, history.running)
    assert lobby == same_lobby == max(original.games) + 1
    assert cup == same_cup == 2, "the tournaments' identity moved past the copied one"
    for kind in KINDS:
        assert on_postgres.games[history.running[kind]].status is GameStatus.FINISHED
    assert_same_parts(on_postgres, on_sqlite)


async def test_the_command_prints_each_table_and_never_a_password(
    postgres: Cluster, history: History, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = source_file(history, tmp_path)
    rows = table_rows(source)
    # The test cluster trusts every connection, so the password is there to be hidden.
    url = (await postgres.new_database()).replace("claimit@", "claimit:s3cret@")

    status = await asyncio.to_thread(main, ["copy-database", str(source), url])

    out, err = capsys.readouterr()
    assert (status, err) == (0, "")
    *lines, last = out.splitlines()
    assert lines == [
        f"{name}: {count} {'row' if count == 1 else 'rows'}" for name, count in rows.items()
    ]
    shown = url.replace("s3cret", "***")
    tables = len(copied_tables())
    assert last == f"Copied {sum(rows.values())} rows in {tables} tables from {source} to {shown}."
    assert "s3cret" not in out
    assert_same_parts(await read_database(url), await read_database(source))


async def test_a_target_with_games_or_settings_of_its_own_is_refused_and_left_as_it_was(
    postgres: Cluster, history: History, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = source_file(history, tmp_path)
    settings_only, with_a_game = await postgres.new_database(), await postgres.new_database()
    database = await open_database(settings_only)
    try:
        await GuildSettingsService(database).change(HOME, threads=True)
    finally:
        await database.close()
    database = await open_database(with_a_game)
    try:
        await GameService(database).create_lobby(
            kind="claim", guild_id=AWAY, channel_id=999, host=EVE
        )
    finally:
        await database.close()
    before = {url: await read_database(url) for url in (settings_only, with_a_game)}

    with pytest.raises(TargetNotEmpty, match=r"^the target .* is not empty: it holds rows in"):
        await copy_database(source, settings_only)
    status = await asyncio.to_thread(main, ["copy-database", str(source), with_a_game])

    out, err = capsys.readouterr()
    assert (status, out) == (1, "")
    assert err.startswith(f"claimit: the target {with_a_game} is not empty: it holds rows in ")
    assert "games (1), seats (1)" in err and len(err.splitlines()) == 1
    for url, reading in before.items():
        assert await read_database(url) == reading


async def test_a_missing_source_is_refused_without_making_a_file_or_touching_the_target(
    postgres: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "typo.sqlite3"
    url = await postgres.new_database()

    status = await asyncio.to_thread(main, ["copy-database", str(missing), url])

    out, err = capsys.readouterr()
    assert (status, out) == (1, "")
    assert err == (
        f"claimit: there is no database at {missing}: give the path of the bot's SQLite file "
        "(or a postgresql:// URL)\n"
    )
    assert not missing.exists()
    connection = await asyncpg.connect(url)
    try:
        assert await connection.fetchval("SELECT to_regclass('games')") is None
    finally:
        await connection.close()


async def test_a_value_that_does_not_fit_stops_the_copy_and_nothing_is_copied(
    postgres: Cluster, history: History, tmp_path: Path
) -> None:
    source = source_file(history, tmp_path)
    # SQLite keeps 2.5 in an INTEGER column; asyncpg would quietly make it 2.
    with closing(sqlite3.connect(source)) as connection, connection:
        connection.execute(
            "UPDATE guild_settings SET turn_timeout = 2.5 WHERE guild_id = ?", (AWAY,)
        )
    url = await postgres.new_database()

    with pytest.raises(CopyError, match=r"^guild_settings\.turn_timeout holds 2\.5, where"):
        await copy_database(source, url)

    # The games went in before the settings, in the same transaction: gone with it.
    database = await open_database(url)
    try:
        async with database.bulk_read() as reading:
            for table in copied_tables():
                assert await reading.fetch(f"SELECT COUNT(*) FROM {table.name}") == [(0,)]
    finally:
        await database.close()


@pytest.mark.parametrize(
    ("change", "refusal"),
    [
        (
            "ALTER TABLE games ADD COLUMN notes TEXT",
            "the table games differs between the databases (columns only the source has: "
            "notes; only the target has: none)",
        ),
        (
            "CREATE TABLE trophies (id INTEGER PRIMARY KEY)",
            "the source has tables this bot does not know (trophies), which the copy "
            "would leave out",
        ),
    ],
)
async def test_a_column_or_a_table_the_copy_does_not_know_stops_it(
    postgres: Cluster, history: History, tmp_path: Path, change: str, refusal: str
) -> None:
    source = source_file(history, tmp_path)
    with closing(sqlite3.connect(source)) as connection:
        connection.execute(change)
    url = await postgres.new_database()

    with pytest.raises(CopyError) as refused:
        await copy_database(source, url)

    assert str(refused.value) == refusal
    database = await open_database(url)
    try:
        assert await game_ids(database) == []
    finally:
        await database.close()


async def test_a_database_it_cannot_reach_or_too_new_fails_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "source.sqlite3"
    await (await open_database(source)).close()
    # Nothing listens on port 1.
    unreachable = "postgresql://claimit:s3cret@127.0.0.1:1/claimit"
    newer = tmp_path / "newer.sqlite3"
    with closing(sqlite3.connect(newer)) as connection:
        connection.execute(f"PRAGMA user_version = {latest() + 1}")

    unreachable_status = await asyncio.to_thread(main, ["copy-database", str(source), unreachable])
    unreachable_err = capsys.readouterr().err
    newer_status = await asyncio.to_thread(main, ["copy-database", str(newer), str(source)])
    newer_err = capsys.readouterr().err

    assert unreachable_status == newer_status == 1
    assert unreachable_err.startswith(
        "claimit: can't use the database postgresql://claimit:***@127.0.0.1:1/claimit: "
    )
    assert "s3cret" not in unreachable_err
    assert newer_err == (
        f"claimit: the source {newer}: the database is at schema version {latest() + 1}, "
        f"newer than this bot's {latest()}; run the newer bot or restore a backup\n"
    )
    assert len(unreachable_err.splitlines()) == len(newer_err.splitlines()) == 1
