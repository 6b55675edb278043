"""The SQLite file: settings, upgrades from every released version, the append-only log."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import aiosqlite
import asyncpg
import pytest

from bot.service import Actor, GameService
from bot.storage import Database, DatabaseTooNew
from bot.storage.connection import Connection
from bot.storage.migrations import latest
from bot.storage.opening import open_database
from bot.storage.sqlite import SQLiteDatabase, schema_version
from tests.bot.fixtures import a_game_starts_on, started_game
from tests.bot.released_schema import SQLITE_VERSIONS, make_sqlite
from tests.bot.schema_catalogs import sqlite_catalog

"""The last schema version whose replays ran the whole game a step a second."""


async def test_the_file_uses_wal_foreign_keys_and_a_busy_timeout(
    sqlite_database: SQLiteDatabase,
) -> None:
    names = ("journal_mode", "foreign_keys", "busy_timeout", "synchronous", "user_version")

    async def pragmas(connection: Connection) -> list[object]:
        return [(await connection.fetch(f"PRAGMA {name}"))[0][0] for name in names]

    for run in (sqlite_database.read, sqlite_database.write):
        assert await run(pragmas) == ["wal", 1, 5000, 1, latest()]


@pytest.mark.parametrize("start", SQLITE_VERSIONS)
async def test_a_database_from_every_released_version_upgrades_to_the_latest(
    tmp_path: Path, start: int
) -> None:
    old = tmp_path / "old.sqlite3"
    async with aiosqlite.connect(old, isolation_level=None) as connection:
        await make_sqlite(connection, start)
        assert await schema_version(connection) == start
    await a_game_starts_on(old)
    fresh = tmp_path / "fresh.sqlite3"
    await (await open_database(fresh)).close()
    assert sqlite_catalog(old) == sqlite_catalog(fresh)


async def test_a_database_newer_than_the_code_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.sqlite3"
    with sqlite3.connect(path) as connection:
        connection.execute(f"PRAGMA user_version = {latest() + 1}")
    with pytest.raises(DatabaseTooNew, match="newer"):
        await open_database(path)


async def test_reopening_the_database_keeps_everything(tmp_path: Path) -> None:
    path = tmp_path / "claimit.sqlite3"
    database = await open_database(path)
    game = await started_game(GameService(database), 3)
    await database.close()
    database = await open_database(path)
    try:
        assert await GameService(database).game(game.id) == game
    finally:
        await database.close()


async def test_the_move_log_is_append_only(service: GameService, database: Database) -> None:
    game = await started_game(service, 2)
    assert game.state is not None
    await service.turns.act(
        game.id, Actor(game.seats[game.state.turn].user_id), game.version, "roll"
    )
    for statement in ("UPDATE moves SET seat = 1", "DELETE FROM moves"):

        async def change(connection: Connection, sql: str = statement) -> int:
            return await connection.execute(sql)

        with pytest.raises((sqlite3.IntegrityError, asyncpg.RaiseError), match="append-only"):
            await database.write(change)
    assert len(await service.history.moves(game.id)) == 1


async def test_open_games_from_version_1_get_deadlines_so_none_can_stall(tmp_path: Path) -> None:
    path = tmp_path / "v1.sqlite3"
    async with aiosqlite.connect(path, isolation_level=None) as connection:
        await make_sqlite(connection, 1)
        await connection.executemany(
            "INSERT INTO games (id, guild_id, channel_id, host_id, status, created_at, "
            "updated_at) VALUES (?, 1, ?, 1, ?, 1000, 2000)",
            [(1, 1, "lobby"), (2, 2, "active"), (3, 3, "finished")],
        )
    database = await open_database(path)
    try:
        rows = await database.read(
            lambda connection: connection.fetch(
                "SELECT id, turn_timeout, deadline FROM games ORDER BY id"
            )
        )
    finally:
        await database.close()
    assert list(rows) == [(1, 600, 1000 + 1800), (2, 600, 2000 + 600), (3, 600, None)]
