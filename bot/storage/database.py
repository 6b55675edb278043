"""The SQLite file: connection settings, migrations, and serialized transactions."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from bot.storage.migrations import LATEST, MIGRATIONS

BUSY_TIMEOUT_MS = 5000


class DatabaseTooNew(Exception):
    def __init__(self, found: int) -> None:
        super().__init__(
            f"the database is at schema version {found}, newer than this bot's {LATEST}; "
            "run the newer bot or restore a backup"
        )


class Database:
    """One connection; transactions on it are serialized, since coroutines sharing
    a connection would otherwise run inside each other's transactions."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._connection = connection
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> Database:
        connection = await aiosqlite.connect(path, isolation_level=None)
        try:
            await _configure(connection)
            await migrate(connection)
        except BaseException:
            await connection.close()
            raise
        return cls(connection)

    async def close(self) -> None:
        await self._connection.close()

    @asynccontextmanager
    async def write(self) -> AsyncIterator[aiosqlite.Connection]:
        """A ``BEGIN IMMEDIATE`` transaction: committed on success, rolled back on any error."""
        async with self._transaction("BEGIN IMMEDIATE") as connection:
            yield connection

    @asynccontextmanager
    async def read(self) -> AsyncIterator[aiosqlite.Connection]:
        """A read transaction: every query in it sees the same snapshot."""
        async with self._transaction("BEGIN") as connection:
            yield connection

    @asynccontextmanager
    async def _transaction(self, begin: str) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            await self._connection.execute(begin)
            try:
                yield self._connection
            except BaseException:
                await self._connection.execute("ROLLBACK")
                raise
            await self._connection.execute("COMMIT")


async def _configure(connection: aiosqlite.Connection) -> None:
    await connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    await connection.execute("PRAGMA journal_mode = WAL")
    # In WAL mode NORMAL loses nothing when the process dies (a bot restart or
    # a kill); only a power cut can drop the last commits.
    await connection.execute("PRAGMA synchronous = NORMAL")
    await connection.execute("PRAGMA foreign_keys = ON")


async def schema_version(connection: aiosqlite.Connection) -> int:
    async with connection.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    assert row is not None
    return int(row[0])


async def migrate(connection: aiosqlite.Connection, target: int = LATEST) -> None:
    """Applies the missing migrations up to ``target``, each in its own transaction."""
    while (version := await schema_version(connection)) < target:
        await connection.execute("BEGIN IMMEDIATE")
        try:
            # Another process may have migrated while this one waited for the lock.
            if await schema_version(connection) == version:
                for statement in MIGRATIONS[version]:
                    await connection.execute(statement)
                await connection.execute(f"PRAGMA user_version = {version + 1}")
        except BaseException:
            await connection.execute("ROLLBACK")
            raise
        await connection.execute("COMMIT")
    if version > LATEST:
        raise DatabaseTooNew(version)
