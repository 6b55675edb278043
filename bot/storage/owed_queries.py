"""The messages owed for something past (``owed_messages``): each claimed by the process
posting it, then recorded sent, and kept a while after so that it is never posted twice."""

from __future__ import annotations

from bot.storage.connection import Connection
from bot.storage.shards import Shards


async def claim(
    connection: Connection, key: str, guild_id: int, holder: str, now: float, stale_before: float
) -> bool:
    """Claims the message ``key`` for ``holder``: ``False`` once it was sent, and while
    another holder's claim on it is younger than ``stale_before`` (a claim of the
    holder's own is taken again)."""
    return await connection.found(
        "INSERT INTO owed_messages (key, guild_id, claimed_by, claimed_at) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (key) DO UPDATE SET claimed_by = excluded.claimed_by, "
        "claimed_at = excluded.claimed_at "
        "WHERE owed_messages.sent_at IS NULL AND (owed_messages.claimed_by = "
        "excluded.claimed_by OR owed_messages.claimed_at < ?) RETURNING key",
        (key, guild_id, holder, now, stale_before),
    )


async def sent(
    connection: Connection, key: str, channel_id: int, message_id: int, now: float
) -> None:
    """The message ``key`` went out as ``message_id`` in ``channel_id``."""
    await connection.execute(
        "UPDATE owed_messages SET channel_id = ?, message_id = ?, sent_at = ? WHERE key = ?",
        (channel_id, message_id, now, key),
    )


async def release(connection: Connection, key: str) -> None:
    """The message ``key``, not sent, is owed no more (or is to be claimed afresh)."""
    await connection.execute("DELETE FROM owed_messages WHERE key = ? AND sent_at IS NULL", (key,))


async def release_others(connection: Connection, shards: Shards, holder: str) -> list[str]:
    """Lets go of the claims on messages not sent of every holder but ``holder`` in
    ``shards``' servers: this process holds their leases now, so whoever claimed them
    stopped (or lost them). Returns the keys let go of, each cut short between its post
    and its record."""
    where, params = shards.where()
    rows = await connection.fetch(
        "DELETE FROM owed_messages WHERE sent_at IS NULL AND claimed_by <> ? "
        f"AND {where} RETURNING key",
        (holder, *params),
    )
    return sorted(str(row["key"]) for row in rows)


async def forget_sent(connection: Connection, before: float) -> int:
    """Forgets the messages sent before ``before``; how many."""
    return await connection.execute(
        "DELETE FROM owed_messages WHERE sent_at IS NOT NULL AND sent_at < ?", (before,)
    )
