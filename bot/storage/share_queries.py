"""Where something of a finished game was shared in a channel, once per game: each
feature that shares keeps its shares in a table of its own (``table``), of the same
columns (``bot.service.shares``)."""

from __future__ import annotations

from bot.storage.connection import Connection
from bot.storage.records import SharedReplay
from bot.storage.row_records import read_row
from bot.storage.shards import Shards


async def share_of(connection: Connection, game_id: int, table: str) -> SharedReplay | None:
    """Where the game's share in ``table`` was shared, or is being, if it was."""
    rows = await connection.fetch(
        f"SELECT channel_id, message_id, user_id, shared_at FROM {table} WHERE game_id = ?",
        (game_id,),
    )
    if not rows:
        return None
    return read_row(SharedReplay, rows[0])


async def set_share(connection: Connection, game_id: int, shared: SharedReplay, table: str) -> None:
    """Records the game's share as ``shared``, in place of any before it."""
    await connection.execute(
        f"INSERT INTO {table} (game_id, channel_id, message_id, user_id, shared_at) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET "
        "channel_id = excluded.channel_id, message_id = excluded.message_id, "
        "user_id = excluded.user_id, shared_at = excluded.shared_at",
        (game_id, shared.channel_id, shared.message_id, shared.user_id, shared.shared_at),
    )


async def forget_share(
    connection: Connection, game_id: int, shared: SharedReplay, table: str
) -> None:
    """Forgets the share, if it is still this one (another press may have shared again)."""
    await connection.execute(
        f"DELETE FROM {table} WHERE game_id = ? AND channel_id = ? AND user_id = ? "
        "AND shared_at = ?",
        (game_id, shared.channel_id, shared.user_id, shared.shared_at),
    )


async def posted_share(
    connection: Connection, game_id: int, shared: SharedReplay, message_id: int, table: str
) -> None:
    """Records the message a share posted, if the share is still this one."""
    await connection.execute(
        f"UPDATE {table} SET message_id = ? WHERE game_id = ? AND channel_id = ? "
        "AND user_id = ? AND shared_at = ?",
        (message_id, game_id, shared.channel_id, shared.user_id, shared.shared_at),
    )


async def unposted_shares(
    connection: Connection, shards: Shards, since: float, table: str
) -> list[tuple[int, SharedReplay]]:
    """The shares of ``shards``' games claimed from ``since`` on whose message is not
    recorded yet, each with its game's id, in the order they were claimed (which their
    index reads in)."""
    where, params = shards.where("g.guild_id")
    rows = await connection.fetch(
        f"SELECT s.game_id, s.channel_id, s.user_id, s.shared_at FROM {table} s "
        "JOIN games g ON g.id = s.game_id "
        f"WHERE s.message_id IS NULL AND s.shared_at >= ? AND {where} "
        "ORDER BY s.shared_at, s.game_id",
        (since, *params),
    )
    return [
        (
            int(row["game_id"]),
            SharedReplay(
                int(row["channel_id"]), None, int(row["user_id"]), float(row["shared_at"])
            ),
        )
        for row in rows
    ]
