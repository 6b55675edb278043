"""Replays kept from before a replay ran a minute are made again once the database is
upgraded."""

from __future__ import annotations

from pathlib import Path

import aiosqlite

from bot.features.replays.service import ReplayService
from bot.service import GameService
from bot.storage.opening import open_database
from tests.bot.released_schema import make_sqlite

REPLAYS_RAN_WHOLE_GAMES = 9


async def test_replays_kept_from_before_they_ran_a_minute_are_made_again(tmp_path: Path) -> None:
    old = tmp_path / "old.sqlite3"
    async with aiosqlite.connect(old, isolation_level=None) as connection:
        await make_sqlite(connection, REPLAYS_RAN_WHOLE_GAMES)
        cursor = await connection.execute(
            "INSERT INTO games (guild_id, channel_id, host_id, status, created_at, updated_at) "
            "VALUES (1, 2, 3, 'finished', 0, 0)"
        )
        game_id = cursor.lastrowid
        await connection.execute(
            "INSERT INTO replays (game_id, language, gif, made_at) VALUES (?, 'en', ?, 0)",
            (game_id, b"GIF89a a whole game"),
        )
    database = await open_database(old)
    try:
        assert game_id is not None
        replays = GameService(database, clock=lambda: 0.0).part(ReplayService)
        assert await replays.stored(game_id, "en", 10**6) is None
    finally:
        await database.close()
