"""The SQLite file: connection settings, migrations, and transactions.

Writes go through one connection, serialized; reads have connections of their
own, so that (in WAL mode) a read never waits behind a write: it sees the last
commit from before it began.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path

import aiosqlite

from bot.storage.migrations import LATEST, MIGRATIONS

BUSY_TIMEOUT_MS = 5000
READERS = 2
"""Read connections: each is a thread of its own, so two let reads overlap a little
without costing a thread per game."""


class DatabaseTooNew(Exception):
    def __init__(self, found: int) -> None:
        super().__init__(
            f"the database is at schema version {found}, newer than this bot's {LATEST}; "
            "run the newer bot or restore a backup"
        )


class DatabaseUnavailable(Exception):
    """The file can't be opened or written at start-up (read-only, full disk, no folder)."""

    CAUSES = frozenset(
        {
            sqlite3.SQLITE_CANTOPEN,
            sqlite3.SQLITE_READONLY,
            sqlite3.SQLITE_FULL,
            sqlite3.SQLITE_IOERR,
            sqlite3.SQLITE_PERM,
            sqlite3.SQLITE_NOTADB,
        }
    )
    """What the place or the file can cause (anything else is a fault to report in full)."""

    def __init__(self, path: str | Path, error: sqlite3.Error) -> None:
        super().__init__(
            f"can't use the database {path}: {error}. Check that its folder exists and is "
            "writable and that the disk has free space"
        )


class Database:
    """One write connection, whose transactions are serialized (coroutines sharing it
    would otherwise run inside each other's transactions), and a few read connections."""

    def __init__(self, writer: aiosqlite.Connection, readers: list[aiosqlite.Connection]) -> None:
        self._writer = writer
        self._lock = asyncio.Lock()
        self._readers = readers
        self._idle_readers: asyncio.Queue[aiosqlite.Connection] = asyncio.Queue()
        for reader in readers:
            self._idle_readers.put_nowait(reader)

    @classmethod
    async def open(cls, path: str | Path) -> Database:
        """Opens (creating and migrating as needed) the file; ``DatabaseUnavailable``
        says in one line why it can't be used."""
        opened: list[aiosqlite.Connection] = []
        try:
            writer = await _connect(path, opened)
            await writer.execute("PRAGMA journal_mode = WAL")
            await migrate(writer)
            readers = [await _connect(path, opened) for _ in range(READERS)]
        except BaseException as e:
            for connection in opened:
                await connection.close()
            if (
                isinstance(e, sqlite3.Error)
                and e.sqlite_errorcode & 0xFF in DatabaseUnavailable.CAUSES
            ):
                raise DatabaseUnavailable(path, e) from e
            raise
        return cls(writer, readers)

    async def trace(self, callback: Callable[[str], object]) -> None:
        """Hands every statement any connection runs to ``callback``: for checking query
        plans. ``untrace`` stops it."""
        for connection in (self._writer, *self._readers):
            await connection.set_trace_callback(callback)

    async def untrace(self) -> None:
        for connection in (self._writer, *self._readers):
            # sqlite3 stops tracing on None; aiosqlite's hint leaves None out.
            await connection.set_trace_callback(None)  # type: ignore[arg-type]

    async def close(self) -> None:
        for connection in (self._writer, *self._readers):
            await connection.close()

    @asynccontextmanager
    async def write(self) -> AsyncIterator[aiosqlite.Connection]:
        """A ``BEGIN IMMEDIATE`` transaction: committed on success, rolled back on any error."""
        async with self._lock, _transaction(self._writer, "BEGIN IMMEDIATE") as connection:
            yield connection

    @asynccontextmanager
    async def statement(self) -> AsyncIterator[aiosqlite.Connection]:
        """The write connection for exactly one statement, which commits by itself: for
        bookkeeping on the hot path, one hop to the connection's thread instead of three."""
        async with self._lock:
            yield self._writer

    @asynccontextmanager
    async def read(self) -> AsyncIterator[aiosqlite.Connection]:
        """A read transaction: every query in it sees the same snapshot."""
        connection = await self._idle_readers.get()
        try:
            async with _transaction(connection, "BEGIN") as reading:
                yield reading
        finally:
            self._idle_readers.put_nowait(connection)


@asynccontextmanager
async def _transaction(
    connection: aiosqlite.Connection, begin: str
) -> AsyncIterator[aiosqlite.Connection]:
    try:
        await connection.execute(begin)
        yield connection
    except BaseException:
        await _roll_back(connection)
        raise
    try:
        await connection.execute("COMMIT")
    except BaseException:
        # A commit that failed (a full disk, say) may leave the transaction open, and
        # every later BEGIN on this connection would fail with it.
        await _roll_back(connection)
        raise


@asynccontextmanager
async def scratch_database() -> AsyncIterator[aiosqlite.Connection]:
    """An empty database in memory with the file's schema: for long work (rebuilding a
    ladder) done apart, so that the file's writer is held only to copy the result in."""
    connection = await aiosqlite.connect(":memory:", isolation_level=None)
    try:
        await migrate(connection)
        yield connection
    finally:
        await connection.close()


def scratch_transaction(
    connection: aiosqlite.Connection,
) -> AbstractAsyncContextManager[aiosqlite.Connection]:
    """One transaction on a scratch database (which nothing else shares)."""
    return _transaction(connection, "BEGIN")


async def _roll_back(connection: aiosqlite.Connection) -> None:
    """Ends whatever transaction is open. The connection's thread runs statements in
    order, so this comes after the one that failed or was cancelled, even a BEGIN or
    COMMIT still on its way (which is why it can't ask first whether one is open)."""
    try:
        await connection.execute("ROLLBACK")
    except sqlite3.OperationalError as e:
        if "no transaction is active" not in str(e):
            raise


async def _connect(path: str | Path, opened: list[aiosqlite.Connection]) -> aiosqlite.Connection:
    connection = await aiosqlite.connect(path, isolation_level=None)
    opened.append(connection)
    await connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    # In WAL mode NORMAL loses nothing when the process dies (a bot restart or
    # a kill); only a power cut can drop the last commits.
    await connection.execute("PRAGMA synchronous = NORMAL")
    await connection.execute("PRAGMA foreign_keys = ON")
    return connection


async def schema_version(connection: aiosqlite.Connection) -> int:
    async with connection.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    assert row is not None
    return int(row[0])


async def migrate(connection: aiosqlite.Connection, target: int = LATEST) -> None:
    """Applies the missing migrations up to ``target``, each in its own transaction."""
    while (version := await schema_version(connection)) < target:
        async with _transaction(connection, "BEGIN IMMEDIATE"):
            # Another process may have migrated while this one waited for the lock.
            if await schema_version(connection) == version:
                for statement in MIGRATIONS[version]:
                    await connection.execute(statement)
                await connection.execute(f"PRAGMA user_version = {version + 1}")
    if version > LATEST:
        raise DatabaseTooNew(version)
