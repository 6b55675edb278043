"""Which of the bot's joins of each server was welcomed, and the welcomes still owed."""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.connection import Connection
from bot.storage.shards import Shards


@dataclass(frozen=True)
class Join:
    """One of the bot's joins of a server, and where its welcome goes."""

    guild_id: int
    joined_at: float
    channel_id: int | None
    """The channel picked at the join; ``None`` where the bot may post nowhere."""

    @property
    def key(self) -> str:
        """Its welcome's key as a message owed: one per join, a new one when the server
        adds the bot again."""
        return f"welcome:{self.guild_id}:{round(self.joined_at * 1000)}"


async def joined(
    connection: Connection, guild_id: int, joined_at: float, channel_id: int | None, now: float
) -> Join | None:
    """Records the join at ``joined_at``, its welcome owed in ``channel_id`` (none:
    nowhere); the join, if this is its first record or its welcome is owed still."""
    new = await connection.found(
        "INSERT INTO welcomes (guild_id, joined_at, welcomed_at, channel_id, owed) "
        "VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT (guild_id) DO UPDATE SET joined_at = excluded.joined_at, "
        "welcomed_at = excluded.welcomed_at, channel_id = excluded.channel_id, "
        "owed = excluded.owed WHERE welcomes.joined_at <> excluded.joined_at "
        "RETURNING guild_id",
        (guild_id, joined_at, now, channel_id, int(channel_id is not None)),
    )
    if new:
        return Join(guild_id, joined_at, channel_id)
    rows = await connection.fetch(
        "SELECT channel_id FROM welcomes WHERE guild_id = ? AND joined_at = ? AND owed = 1",
        (guild_id, joined_at),
    )
    return Join(guild_id, joined_at, rows[0]["channel_id"]) if rows else None


async def owed(connection: Connection, shards: Shards) -> list[Join]:
    """The joins of ``shards``' servers whose welcome is still to be posted."""
    where, params = shards.where()
    rows = await connection.fetch(
        f"SELECT guild_id, joined_at, channel_id FROM welcomes WHERE owed = 1 AND {where} "
        "ORDER BY guild_id",
        params,
    )
    return [Join(row["guild_id"], row["joined_at"], row["channel_id"]) for row in rows]


async def settled(connection: Connection, join: Join, now: float) -> None:
    """The join's welcome was posted, or refused for good: owed no more."""
    await connection.execute(
        "UPDATE welcomes SET owed = 0, welcomed_at = ? WHERE guild_id = ? AND joined_at = ?",
        (now, join.guild_id, join.joined_at),
    )
