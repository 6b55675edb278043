"""SQLite's connection threads: a transaction runs whole on its thread, each of the
transactions queued together commits or rolls back on its own, and the threads outlive
whatever a transaction raises."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

import pytest

from bot.storage.connection import Connection
from bot.storage.sqlite import SQLiteDatabase
from tests.bot.notes import NOTE, note, noted, with_notes


@pytest.fixture
async def sqlite_database(sqlite_database: SQLiteDatabase) -> SQLiteDatabase:
    """The bot's database with a table of numbers of its own."""
    return await with_notes(sqlite_database)


async def test_a_transaction_runs_whole_while_the_event_loop_is_busy(
    sqlite_database: SQLiteDatabase, tmp_path: Path
) -> None:
    # Were each statement a trip back to the loop, nothing would commit while the loop
    # is held up: the write lock would stay taken for as long as it is.
    async def two_statements(connection: Connection) -> None:
        await connection.execute(NOTE, (1,))
        await connection.execute(NOTE, (2,))

    writing = asyncio.create_task(sqlite_database.write(two_statements))
    await asyncio.sleep(0)  # handed to the writer's thread
    with sqlite3.connect(tmp_path / "claimit.sqlite3") as looking:
        deadline = time.monotonic() + 30
        found: list[tuple[int]] = []
        while len(found) < 2 and time.monotonic() < deadline:
            found = looking.execute("SELECT n FROM notes").fetchall()
            time.sleep(0.001)  # the loop stays blocked: the whole point
    assert sorted(found) == [(1,), (2,)]
    await writing


async def test_transactions_queued_together_each_commit_or_roll_back_alone(
    sqlite_database: SQLiteDatabase,
) -> None:
    async def half_then_fails(connection: Connection) -> None:
        await connection.execute(NOTE, (3,))
        await connection.execute(NOTE, (1,))  # taken: the whole transaction goes

    outcomes = await asyncio.gather(
        sqlite_database.write(note(1)),
        sqlite_database.write(half_then_fails),
        sqlite_database.write(note(2)),
        return_exceptions=True,
    )
    assert outcomes[0] == 1 and outcomes[2] == 1
    assert isinstance(outcomes[1], sqlite3.IntegrityError)
    assert await noted(sqlite_database) == [1, 2]


async def test_the_threads_outlive_what_a_transaction_raises(
    sqlite_database: SQLiteDatabase,
) -> None:
    async def cancelled(connection: Connection) -> None:
        await connection.execute(NOTE, (1,))
        raise asyncio.CancelledError

    for _ in range(4):  # more than there are threads of either kind
        with pytest.raises(asyncio.CancelledError):
            await sqlite_database.write(cancelled)
        with pytest.raises(asyncio.CancelledError):
            await sqlite_database.read(cancelled)
    await sqlite_database.write(note(2))
    assert await noted(sqlite_database) == [2]


async def test_a_transaction_whose_caller_gave_up_before_it_began_is_not_run(
    sqlite_database: SQLiteDatabase,
) -> None:
    started, release = asyncio.Event(), asyncio.Event()
    loop = asyncio.get_running_loop()

    async def holds_the_writer(connection: Connection) -> None:
        loop.call_soon_threadsafe(started.set)
        asyncio.run_coroutine_threadsafe(release.wait(), loop).result()

    holding = asyncio.create_task(sqlite_database.write(holds_the_writer))
    await started.wait()
    given_up = asyncio.create_task(sqlite_database.write(note(1)))
    await asyncio.sleep(0)
    given_up.cancel()
    with pytest.raises(asyncio.CancelledError):
        await given_up
    release.set()
    await holding
    assert await noted(sqlite_database) == []


async def test_closing_runs_what_was_queued_and_refuses_what_comes_after(
    tmp_path: Path,
) -> None:
    database = await SQLiteDatabase.connect(tmp_path / "claimit.sqlite3")
    await database.write(
        lambda connection: connection.execute("CREATE TABLE notes (n INTEGER PRIMARY KEY)")
    )
    queued = [asyncio.create_task(database.write(note(n))) for n in range(1, 6)]
    await asyncio.sleep(0)
    await database.close()
    assert [await task for task in queued] == [1] * 5
    with pytest.raises(sqlite3.ProgrammingError, match="closed"):
        await database.write(note(6))
    # Every connection closed: the write-ahead log is folded back into the file.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["claimit.sqlite3"]
    with sqlite3.connect(tmp_path / "claimit.sqlite3") as looking:
        assert looking.execute("SELECT COUNT(*) FROM notes").fetchone() == (5,)
