"""Opens the database a target names: a ``postgresql://`` URL on PostgreSQL, anything
else as a SQLite file. Above both backends, which share only what ``database`` holds."""

from __future__ import annotations

from pathlib import Path

from bot.storage.database import Database, is_postgresql


async def open_database(target: str | Path) -> Database:
    """Opens (creating and migrating as needed) a SQLite file or a PostgreSQL URL;
    ``DatabaseUnavailable`` says in one line why it can't be used."""
    # Each backend's driver is loaded only when a database of its kind is opened.
    if is_postgresql(target):
        from bot.storage.postgres import PostgresDatabase

        return await PostgresDatabase.connect(str(target))
    from bot.storage.sqlite import SQLiteDatabase

    return await SQLiteDatabase.connect(target)
