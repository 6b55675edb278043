"""Which of the bot's joins of each server was welcomed."""

from __future__ import annotations

from bot.storage.connection import Connection


async def claim(connection: Connection, guild_id: int, joined_at: float, now: float) -> bool:
    """Whether the join at ``joined_at`` was still to be welcomed, now marked welcomed:
    true for the first claim of each join alone, whichever process makes it."""
    return await connection.found(
        "INSERT INTO welcomes (guild_id, joined_at, welcomed_at) VALUES (?, ?, ?) "
        "ON CONFLICT (guild_id) DO UPDATE SET joined_at = excluded.joined_at, "
        "welcomed_at = excluded.welcomed_at WHERE welcomes.joined_at <> excluded.joined_at "
        "RETURNING guild_id",
        (guild_id, joined_at, now),
    )
