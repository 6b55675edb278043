"""The claims on messages owed for something past (``owed_messages``): one row per message
being posted, by the process posting it, gone once its feature recorded it as sent."""

from __future__ import annotations

from bot.storage.connection import Connection
from bot.storage.shards import Shards


async def claim(
    connection: Connection, key: str, guild_id: int, holder: str, now: float, stale_before: float
) -> bool:
    """Claims the message ``key`` for ``holder``: ``False`` while another holder's claim on
    it is younger than ``stale_before`` (a claim of the holder's own is taken again)."""
    rows = await connection.fetch(
        "INSERT INTO owed_messages (key, guild_id, claimed_by, claimed_at) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (key) DO UPDATE SET claimed_by = excluded.claimed_by, "
        "claimed_at = excluded.claimed_at "
        "WHERE owed_messages.claimed_by = excluded.claimed_by "
        "OR owed_messages.claimed_at < ? RETURNING key",
        (key, guild_id, holder, now, stale_before),
    )
    return bool(list(rows))


async def release(connection: Connection, key: str) -> None:
    """The message ``key`` is sent and recorded (or no longer owed): its claim goes."""
    await connection.execute("DELETE FROM owed_messages WHERE key = ?", (key,))


async def release_others(connection: Connection, shards: Shards, holder: str) -> list[str]:
    """Lets go of the claims of every holder but ``holder`` in ``shards``' servers: this
    process holds their leases now, so whoever claimed them stopped (or lost them). Returns
    the keys let go of, each cut short between its post and its record."""
    where, params = shards.where()
    rows = await connection.fetch(
        f"DELETE FROM owed_messages WHERE claimed_by <> ? AND {where} RETURNING key",
        (holder, *params),
    )
    return sorted(str(row["key"]) for row in rows)
