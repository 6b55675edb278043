"""Databases as the released bots left them, at each schema version up to 19: made by
the statements those releases ran (frozen in ``sqlite_migrations`` and
``postgres_migrations``), not by this bot, so that an upgrade from one is the upgrade a
real database of that version goes through."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

import aiosqlite
import asyncpg

from bot.storage.migrations import upgrade
from bot.storage.schema_statements import Backend
from tests.bot.released_schema import postgres_migrations, sqlite_migrations

SQLITE_VERSIONS = range(len(sqlite_migrations.MIGRATIONS) + 1)
"""Every version a released bot left a SQLite file at (0: a file it never opened)."""
POSTGRES_VERSIONS = range(
    min(postgres_migrations.MIGRATIONS), max(postgres_migrations.MIGRATIONS) + 1
)
"""Every version a released bot left a PostgreSQL database at."""


async def make_sqlite(connection: aiosqlite.Connection, version: int) -> None:
    """Makes the empty file of ``connection`` (opened with ``isolation_level=None``) the
    database a release left at ``version``."""
    await connection.execute("BEGIN")
    for statements in sqlite_migrations.MIGRATIONS[:version]:
        for statement in statements:
            await connection.execute(statement)
    await connection.execute(f"PRAGMA user_version = {version}")
    await connection.execute("COMMIT")


async def make_postgres(connection: asyncpg.Connection[Any], version: int) -> None:
    """Makes the empty database of ``connection`` the one a release left at ``version``."""
    async with connection.transaction():
        for step in range(min(POSTGRES_VERSIONS), version + 1):
            for statement in postgres_migrations.MIGRATIONS[step]:
                await connection.execute(statement)
        await connection.execute("UPDATE schema_version SET version = $1", version)


async def stepped_on(target: str, backend: str, version: int, then: Sequence[str]) -> None:
    """Makes the empty database at ``target`` (a SQLite file's path, or a PostgreSQL URL)
    the last release's, stepped on by this bot's own upgrades to ``version``, and runs the
    statements ``then`` in it (what a bot of that version would have put there)."""
    if backend == "sqlite":
        async with aiosqlite.connect(target, isolation_level=None) as lite:
            await make_sqlite(lite, max(SQLITE_VERSIONS))
            await _stepped(lite.execute, max(SQLITE_VERSIONS), "sqlite", version, then)
            await lite.execute(f"PRAGMA user_version = {version}")
        return
    connection = await asyncpg.connect(target)
    try:
        await make_postgres(connection, max(POSTGRES_VERSIONS))
        await _stepped(connection.execute, max(POSTGRES_VERSIONS), "postgresql", version, then)
        await connection.execute("UPDATE schema_version SET version = $1", version)
    finally:
        await connection.close()


async def _stepped(
    execute: Callable[[str], Awaitable[object]],
    version: int,
    backend: Backend,
    target: int,
    then: Sequence[str],
) -> None:
    while version < target:
        version, statements = upgrade(version, backend)
        for statement in statements:
            await execute(statement)
    for statement in then:
        await execute(statement)


Rows = Sequence[tuple[str, Sequence[Sequence[Any]]]]
"""What to put into an old database: each an ``INSERT`` with ``{}`` where its values'
places go, and the rows it puts in."""


async def sqlite_holding(path: Path, version: int, rows: Rows) -> str:
    """A new SQLite file at ``path`` as a release left it at ``version``, holding ``rows``."""
    async with aiosqlite.connect(path, isolation_level=None) as connection:
        await make_sqlite(connection, version)
        for statement, values in rows:
            marks = ", ".join("?" for _ in values[0])
            await connection.executemany(statement.format(marks), values)
    return str(path)


async def postgres_holding(url: str, version: int, rows: Rows) -> str:
    """The empty database at ``url`` as a release left it at ``version``, holding ``rows``."""
    connection = await asyncpg.connect(url)
    try:
        await make_postgres(connection, version)
        for statement, values in rows:
            marks = ", ".join(f"${place}" for place in range(1, len(values[0]) + 1))
            await connection.executemany(statement.format(marks), values)
    finally:
        await connection.close()
    return url
