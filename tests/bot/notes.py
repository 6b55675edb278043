"""A table of numbers of a test's own, for tests of transactions themselves: what each
wrote, and whether it stayed."""

from __future__ import annotations

from typing import TypeVar

from bot.storage import Database
from bot.storage.connection import Connection
from bot.storage.database import Body

NOTE = "INSERT INTO notes (n) VALUES (?)"

D = TypeVar("D", bound=Database)


async def with_notes(database: D) -> D:
    """``database`` with the table of numbers."""
    await database.write(
        lambda connection: connection.execute("CREATE TABLE notes (n INTEGER PRIMARY KEY)")
    )
    return database


async def noted(database: Database) -> list[int]:
    """The numbers written, in order."""
    rows = await database.read(
        lambda connection: connection.fetch("SELECT n FROM notes ORDER BY n")
    )
    return [int(row["n"]) for row in rows]


def note(n: int) -> Body[int]:
    """A transaction that writes ``n``."""

    async def body(connection: Connection) -> int:
        return await connection.execute(NOTE, (n,))

    return body
