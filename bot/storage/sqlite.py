"""The SQLite file: connection settings, migrations, and transactions.

Writes go through one connection, serialized; reads have connections of their
own, so that (in WAL mode) a read never waits behind a write: it sees the last
commit from before it began.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage.connection import Connection, Row, named_rows
from bot.storage.database import Database, DatabaseTooNew, DatabaseUnavailable, Listener
from bot.storage.migrations import LATEST, MIGRATIONS

BUSY_TIMEOUT_MS = 5000
READERS = 2
"""Read connections: each is a thread of its own, so two let reads overlap a little
without costing a thread per game."""

UNAVAILABLE = frozenset(
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


class SQLiteConnection(Connection):
    backend = "sqlite"
    for_update = ""  # one write transaction at a time holds the whole file

    def __init__(self, raw: aiosqlite.Connection) -> None:
        self.raw = raw
        """The aiosqlite connection, for what only SQLite has (tracing statements)."""

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return named_rows(list(await self.raw.execute_fetchall(sql, params)))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        # No close: another hop to the connection's thread on every move, for a cursor
        # that holds nothing once the statement is done.
        return (await self.raw.execute(sql, params)).rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.raw.executemany(sql, rows)

    async def lock(self, *key: str | int) -> None:
        """Nothing to do: a write transaction already holds the whole file."""

    def differs(self, left: str, right: str) -> str:
        # The spelling of the games_not_shown index, which SQLite only uses for a query
        # that says it the same way.
        return f"{left} IS NOT {right}"

    def same(self, left: str, right: str) -> str:
        return f"{left} IS {right}"

    clock = "((julianday('now') - 2440587.5) * 86400.0)"

    def greatest(self, left: str, right: str) -> str:
        return f"MAX({left}, {right})"

    def json_merged(self, column: str) -> str:
        return f"json_patch({column}, ?)"

    async def notify(self, channel: str) -> None:
        """Nobody to tell: a SQLite file is one process's."""


class SQLiteDatabase(Database):
    """One write connection, whose transactions are serialized (coroutines sharing it
    would otherwise run inside each other's transactions), and a few read connections."""

    backend = "sqlite"
    shared = False

    def __init__(self, writer: aiosqlite.Connection, readers: list[aiosqlite.Connection]) -> None:
        self._writer = writer
        self._lock = asyncio.Lock()
        self._readers = readers
        self._idle_readers: asyncio.Queue[aiosqlite.Connection] = asyncio.Queue()
        for reader in readers:
            self._idle_readers.put_nowait(reader)

    @classmethod
    async def connect(cls, path: str | Path) -> SQLiteDatabase:
        opened: list[aiosqlite.Connection] = []
        try:
            writer = await _connect(path, opened)
            await writer.execute("PRAGMA journal_mode = WAL")
            await migrate(writer)
            readers = [await _connect(path, opened) for _ in range(READERS)]
        except BaseException as e:
            for connection in opened:
                await connection.close()
            if isinstance(e, sqlite3.Error) and e.sqlite_errorcode & 0xFF in UNAVAILABLE:
                raise DatabaseUnavailable(
                    f"can't use the database {path}: {e}. Check that its folder exists and "
                    "is writable and that the disk has free space"
                ) from e
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

    async def listen(self, channel: str, heard: Callable[[], object]) -> Listener | None:
        return None

    @asynccontextmanager
    async def write(self) -> AsyncIterator[Connection]:
        """A ``BEGIN IMMEDIATE`` transaction."""
        async with self._lock, _transaction(self._writer, "BEGIN IMMEDIATE") as connection:
            yield SQLiteConnection(connection)

    @asynccontextmanager
    async def statement(self) -> AsyncIterator[Connection]:
        """The write connection, one hop to its thread instead of three."""
        async with self._lock:
            yield SQLiteConnection(self._writer)

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Connection]:
        connection = await self._idle_readers.get()
        try:
            async with _transaction(connection, "BEGIN") as reading:
                yield SQLiteConnection(reading)
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
async def scratch_database() -> AsyncIterator[Connection]:
    """An empty database in memory with the schema: for long work (rebuilding a ladder)
    done apart, so that the real database is written only to copy the result in."""
    connection = await aiosqlite.connect(":memory:", isolation_level=None)
    connection.row_factory = sqlite3.Row
    try:
        await migrate(connection)
        yield SQLiteConnection(connection)
    finally:
        await connection.close()


def scratch_transaction(connection: Connection) -> AbstractAsyncContextManager[Any]:
    """One transaction on a scratch database (which nothing else shares)."""
    assert isinstance(connection, SQLiteConnection)
    return _transaction(connection.raw, "BEGIN")


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
    # Rows that know their columns' names, which is how every query reads them.
    connection.row_factory = sqlite3.Row
    await connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    # In WAL mode NORMAL loses nothing when the process dies (a bot restart or
    # a kill); only a power cut can drop the last commits.
    await connection.execute("PRAGMA synchronous = NORMAL")
    await connection.execute("PRAGMA foreign_keys = ON")
    return connection


async def schema_version(connection: aiosqlite.Connection) -> int:
    async with connection.execute("PRAGMA user_version") as cursor:
        # By name whatever rows the connection was opened with (a plain one's are tuples).
        cursor.row_factory = sqlite3.Row
        row = await cursor.fetchone()
    assert row is not None
    return int(row["user_version"])


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
