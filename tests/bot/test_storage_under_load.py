"""The database under long work and faults: reads never wait behind a write, a failed commit
leaves the file usable (rebuilding a ladder meanwhile is the ladder's:
tests/features/ladder/test_recompute_under_load.py)."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3

import pytest

from bot.service import Actor, GameService
from bot.storage import Database
from bot.storage.connection import Connection
from bot.storage.sqlite import SQLiteDatabase
from tests.bot.fixtures import started_game


async def test_reads_never_wait_behind_a_write(service: GameService, database: Database) -> None:
    game = await started_game(service, 2)
    writing, release = asyncio.Event(), asyncio.Event()

    async def long_write() -> None:
        async with database.bulk_write() as connection:
            await connection.execute("UPDATE games SET updated_at = updated_at WHERE id = ?", (1,))
            writing.set()
            await release.wait()

    writer = asyncio.create_task(long_write())
    await writing.wait()
    # Each of these would wait for the writer if reads shared its connection.
    assert (await service.game(game.id)).version == game.version
    assert await service.current_game(1) is not None
    assert await service.history.moves(game.id) == []
    assert not writer.done()
    release.set()
    await writer


async def test_a_commit_that_fails_leaves_the_file_usable(
    sqlite_database: SQLiteDatabase,
) -> None:
    database = sqlite_database
    service = GameService(database)
    game = await started_game(service, 2)
    # A deferred foreign key fails only at COMMIT, and SQLite then keeps the transaction
    # open: the same state a COMMIT refused for a full disk can leave behind.

    async def orphan(connection: Connection) -> None:
        await connection.execute("PRAGMA defer_foreign_keys = ON")
        await connection.execute(
            "INSERT INTO seats (game_id, seat, user_id, display_name, color, joined_at) "
            "VALUES (9999, 0, 1, 'nobody', 0, 0)"
        )

    with pytest.raises(sqlite3.IntegrityError, match="FOREIGN KEY"):
        await database.write(orphan)
    assert game.state is not None
    actor = Actor(game.seats[game.state.turn].user_id)
    outcome = await service.turns.act(game.id, actor, game.version, "roll")
    assert outcome.game.version == game.version + 1
    assert len(await service.history.moves(game.id)) == 1


async def test_a_transaction_cancelled_at_any_moment_ends_cancelled_and_whole_or_not_at_all(
    service: GameService, database: Database
) -> None:
    # A stop cancels whatever is running; whichever statement the cancellation meets
    # (the BEGIN, a write, the COMMIT), it must end as a cancellation, not as an error
    # that the background work would take for a failure and try again forever. What
    # the transaction did is all there or not at all (SQLite's writer finishes one it
    # began; PostgreSQL rolls it back).
    game = await started_game(service, 2)

    async def twice(connection: Connection) -> None:
        await connection.execute("UPDATE games SET updated_at = updated_at + 1")
        await connection.execute("UPDATE games SET updated_at = updated_at + 1")

    async def write() -> None:
        await database.write(twice)

    async def read() -> None:
        await database.read(lambda connection: connection.fetch("SELECT * FROM games"))

    for work in (write, read):
        for steps in range(40):
            task = asyncio.create_task(work())
            for _ in range(steps):
                await asyncio.sleep(0)
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            now = await service.game(game.id)
            assert now.version == game.version
            assert (now.updated_at - game.updated_at) % 2 == 0
            await write()
