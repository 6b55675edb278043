"""The SQLite file: connection settings, migrations, and transactions.

Writes go through one connection, on a thread that runs them one after another
(``sqlite_writer``); reads have connections of their own, so that (in WAL mode) a
read never waits behind a write: it sees the last commit from before it began.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.metrics.figures import timed_transaction
from bot.storage.connection import Connection, Row, named_rows
from bot.storage.database import Body, Database, DatabaseTooNew, DatabaseUnavailable, Listener
from bot.storage.schema_sql import current
from bot.storage.sqlite_dialect import SQLiteDialect
from bot.storage.sqlite_threads import ConnectionThreads
from bot.storage.write_refusals import WriteRefusals

BUSY_TIMEOUT_MS = 5000
READERS = 2
"""Read connections: each is a thread of its own, so two let reads overlap a little
without costing a thread per game."""

PRAGMAS = (
    f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}",
    # In WAL mode NORMAL loses nothing when the process dies (a bot restart or a kill);
    # only a power cut can drop the last commits.
    "PRAGMA synchronous = NORMAL",
    "PRAGMA foreign_keys = ON",
)

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

CAUSES = {
    sqlite3.SQLITE_FULL: "the disk is full",
    sqlite3.SQLITE_READONLY: "the database file is read-only",
    sqlite3.SQLITE_IOERR: "the disk fails to read or write",
    sqlite3.SQLITE_PERM: "the bot may not write the database file",
    sqlite3.SQLITE_CANTOPEN: "the database file can't be opened",
}
"""What stops writes for a while, in plain words: the machine's, not the bot's fault."""

T = TypeVar("T")


class SQLiteConnection(SQLiteDialect, Connection):
    """A connection through aiosqlite: for a transaction held while other work is awaited
    (``bulk_read``, ``bulk_write``), and a scratch database."""

    def __init__(self, raw: aiosqlite.Connection) -> None:
        self.raw = raw

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return named_rows(list(await self.raw.execute_fetchall(sql, params)))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        # No close: another hop to the connection's thread, for a cursor that holds
        # nothing once the statement is done.
        return (await self.raw.execute(sql, params)).rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.raw.executemany(sql, rows)


class SQLiteDatabase(Database):
    """One write connection, whose thread runs whole transactions one after another, and
    a few read connections, each on a thread of its own (``ConnectionThreads``)."""

    backend = "sqlite"
    shared = False

    def __init__(self, path: str | Path, writer: ConnectionThreads, readers: ConnectionThreads):
        self._path = path
        self._writer = writer
        self._readers = readers
        self._refusals = WriteRefusals()

    @classmethod
    async def connect(cls, path: str | Path) -> SQLiteDatabase:
        """Opens the file (making it, and bringing its schema up to date) with its writer and
        readers, or ``DatabaseUnavailable`` saying why it can't."""
        try:
            await _prepare(path)
            opened: list[sqlite3.Connection] = []
            try:
                for _ in range(1 + READERS):
                    opened.append(await asyncio.to_thread(_open, path))
            except BaseException:
                for raw in opened:
                    raw.close()
                raise
        except sqlite3.Error as e:
            if e.sqlite_errorcode & 0xFF in UNAVAILABLE:
                raise DatabaseUnavailable(
                    f"can't use the database {path}: {e}. Check that its folder exists and "
                    "is writable and that the disk has free space"
                ) from e
            raise
        writer = ConnectionThreads("sqlite-writer", opened[:1])
        return cls(path, writer, ConnectionThreads("sqlite-reader", opened[1:]))

    async def trace(self, callback: Callable[[str], object]) -> None:
        """Hands every statement any connection runs to ``callback``: for checking query
        plans. ``untrace`` stops it."""
        for threads in (self._writer, self._readers):
            threads.each(lambda raw: raw.set_trace_callback(callback))

    async def untrace(self) -> None:
        """Stops handing statements to the callback ``trace`` gave."""
        for threads in (self._writer, self._readers):
            threads.each(lambda raw: raw.set_trace_callback(None))

    async def close(self) -> None:
        """Closes every connection."""
        await self._writer.close()
        await self._readers.close()

    async def listen(self, heard: Mapping[str, Callable[[str], object]]) -> Listener | None:
        return None

    @timed_transaction("write")
    async def write(self, body: Body[T]) -> T:
        """A ``BEGIN IMMEDIATE`` transaction, run whole on the writer's thread."""
        return await self._written(body, "BEGIN IMMEDIATE")

    @timed_transaction("statement")
    async def statement(self, body: Body[T]) -> T:
        return await self._written(body, None)

    async def _written(self, body: Body[T], begin: str | None) -> T:
        """A write, or ``WritesRefused`` when the disk or the file refuses it."""
        try:
            done = await self._writer.transaction(body, begin)
        except sqlite3.Error as error:
            cause = CAUSES.get(getattr(error, "sqlite_errorcode", 0) & 0xFF)
            if cause is None:
                raise
            raise self._refusals.refused(cause) from error
        self._refusals.worked()
        return done

    @timed_transaction("read")
    async def read(self, body: Body[T]) -> T:
        return await self._readers.transaction(body, "BEGIN")

    @asynccontextmanager
    async def bulk_write(self) -> AsyncIterator[Connection]:
        """On a connection of its own: the writer's transactions wait for it (up to the
        busy timeout), as another process's would."""
        async with (
            self._own_connection() as connection,
            _transaction(connection, "BEGIN IMMEDIATE") as writing,
        ):
            yield SQLiteConnection(writing)

    @asynccontextmanager
    async def bulk_read(self) -> AsyncIterator[Connection]:
        async with (
            self._own_connection() as connection,
            _transaction(connection, "BEGIN") as reading,
        ):
            yield SQLiteConnection(reading)

    @asynccontextmanager
    async def _own_connection(self) -> AsyncIterator[aiosqlite.Connection]:
        connection = await aiosqlite.connect(self._path, isolation_level=None)
        try:
            connection.row_factory = sqlite3.Row
            for pragma in PRAGMAS:
                await connection.execute(pragma)
            yield connection
        finally:
            await connection.close()


async def _prepare(path: str | Path) -> None:
    """Puts the file in WAL mode and migrates it."""
    async with aiosqlite.connect(path, isolation_level=None) as connection:
        for pragma in PRAGMAS:
            await connection.execute(pragma)
        await connection.execute("PRAGMA journal_mode = WAL")
        await migrate(connection)
        # A file SQLite could only open read-only (a read-only disk, with the WAL files of a
        # bot that was killed still beside it) reads and migrates fine when it is up to date,
        # and even grants the write lock: a write, rolled back, finds out now rather than
        # the bot's first write.
        version = await schema_version(connection)
        await connection.execute("BEGIN IMMEDIATE")
        try:
            await connection.execute(f"PRAGMA user_version = {version}")
        finally:
            await _roll_back(connection)


def _open(path: str | Path) -> sqlite3.Connection:
    # Used only on its own thread once made.
    connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    try:
        # Rows that know their columns' names, which is how every query reads them.
        connection.row_factory = sqlite3.Row
        for pragma in PRAGMAS:
            connection.execute(pragma)
    except BaseException:
        connection.close()
        raise
    return connection


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


async def schema_version(connection: aiosqlite.Connection) -> int:
    """The schema version a file is at (0: a new one)."""
    async with connection.execute("PRAGMA user_version") as cursor:
        # By name whatever rows the connection was opened with (a plain one's are tuples).
        cursor.row_factory = sqlite3.Row
        row = await cursor.fetchone()
    assert row is not None
    return int(row["user_version"])


async def migrate(connection: aiosqlite.Connection) -> None:
    """Brings the file to the latest schema, each step in its own transaction."""
    schema = current()
    while (version := await schema_version(connection)) < schema.latest:
        async with _transaction(connection, "BEGIN IMMEDIATE"):
            # Another process may have migrated while this one waited for the lock.
            if await schema_version(connection) == version:
                reached, statements = schema.upgrade(version, "sqlite")
                for statement in statements:
                    await connection.execute(statement)
                await connection.execute(f"PRAGMA user_version = {reached}")
    if version > schema.latest:
        raise DatabaseTooNew(version, schema.latest)
