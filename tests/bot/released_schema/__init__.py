"""Databases as the released bots left them, at each schema version up to 19: made by
the statements those releases ran (frozen in ``sqlite_migrations`` and
``postgres_migrations``), not by this bot, so that an upgrade from one is the upgrade a
real database of that version goes through."""

from __future__ import annotations

from typing import Any

import aiosqlite
import asyncpg

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
