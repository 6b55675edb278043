"""Finding a past game (a finished one to replay; any that began, to read its log), the
replays kept once made, and where each was shared."""

from __future__ import annotations

from bot.storage.connection import Connection
from bot.storage.records import SharedReplay
from bot.storage.shards import Shards


async def finished_game_id(
    connection: Connection, guild_id: int, kind: str, number: int
) -> int | None:
    """The id of the server's finished game of ``kind`` with this number, if there is one."""
    return await _game_id(
        connection, guild_id, kind, "number = ? AND status = 'finished'", (number,)
    )


async def last_finished_here(
    connection: Connection, guild_id: int, kind: str, channel_id: int
) -> int | None:
    """The id of the last game of ``kind`` finished in this channel or thread."""
    return await _game_id(
        connection,
        guild_id,
        kind,
        "status = 'finished' AND (channel_id = ? OR thread_id = ?) "
        "ORDER BY finish_seq DESC LIMIT 1",
        (channel_id, channel_id),
    )


async def begun_game_id(
    connection: Connection, guild_id: int, kind: str, number: int
) -> int | None:
    """The id of the server's game of ``kind`` with this number, if it began (finished,
    closed after its start, or still being played)."""
    return await _game_id(
        connection, guild_id, kind, "number = ? AND started_at IS NOT NULL", (number,)
    )


async def last_ended_here(
    connection: Connection, guild_id: int, kind: str, channel_id: int
) -> int | None:
    """The id of the last game of ``kind`` that began in this channel or thread and has
    ended since: played to the end, or closed (by time-outs, say)."""
    return await _game_id(
        connection,
        guild_id,
        kind,
        "started_at IS NOT NULL AND status IN ('finished', 'cancelled') "
        "AND (channel_id = ? OR thread_id = ?) ORDER BY finished_at DESC, id DESC LIMIT 1",
        (channel_id, channel_id),
    )


async def _game_id(
    connection: Connection, guild_id: int, kind: str, which: str, values: tuple[object, ...]
) -> int | None:
    """The id of the server's game of ``kind`` that ``which`` picks (its conditions, in SQL,
    and any order, with their ``values``), if there is one."""
    rows = await connection.fetch(
        f"SELECT id FROM games WHERE guild_id = ? AND kind = ? AND {which}",
        (guild_id, kind, *values),
    )
    return int(rows[0]["id"]) if rows else None


async def stored_replay(connection: Connection, game_id: int, language: str) -> bytes | None:
    """A replay already made of the game in ``language``, if one is kept."""
    rows = await connection.fetch(
        "SELECT gif FROM replays WHERE game_id = ? AND language = ?", (game_id, language)
    )
    return bytes(rows[0]["gif"]) if rows else None


async def keep_replay(
    connection: Connection, game_id: int, language: str, gif: bytes, now: float
) -> None:
    """Keeps a replay just made, in place of one another process made meanwhile (each
    fits the upload limit it was made for)."""
    await connection.execute(
        "INSERT INTO replays (game_id, language, gif, made_at) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (game_id, language) DO UPDATE SET gif = excluded.gif, "
        "made_at = excluded.made_at",
        (game_id, language, gif, now),
    )


async def shared_replay(
    connection: Connection, game_id: int, table: str = "shared_replays"
) -> SharedReplay | None:
    """Where the game's replay (or what ``table`` keeps the shares of) was shared, or is
    being, if it was."""
    rows = await connection.fetch(
        f"SELECT channel_id, message_id, user_id, shared_at FROM {table} WHERE game_id = ?",
        (game_id,),
    )
    if not rows:
        return None
    row = rows[0]
    message = row["message_id"]
    return SharedReplay(
        int(row["channel_id"]),
        None if message is None else int(message),
        int(row["user_id"]),
        float(row["shared_at"]),
    )


async def set_shared_replay(
    connection: Connection, game_id: int, shared: SharedReplay, table: str = "shared_replays"
) -> None:
    """Records the game's share as ``shared``, in place of any before it."""
    await connection.execute(
        f"INSERT INTO {table} (game_id, channel_id, message_id, user_id, shared_at) "
        "VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET "
        "channel_id = excluded.channel_id, message_id = excluded.message_id, "
        "user_id = excluded.user_id, shared_at = excluded.shared_at",
        (game_id, shared.channel_id, shared.message_id, shared.user_id, shared.shared_at),
    )


async def forget_shared_replay(
    connection: Connection, game_id: int, shared: SharedReplay, table: str = "shared_replays"
) -> None:
    """Forgets the share, if it is still this one (another press may have shared again)."""
    await connection.execute(
        f"DELETE FROM {table} WHERE game_id = ? AND channel_id = ? AND user_id = ? "
        "AND shared_at = ?",
        (game_id, shared.channel_id, shared.user_id, shared.shared_at),
    )


async def posted_shared_replay(
    connection: Connection,
    game_id: int,
    shared: SharedReplay,
    message_id: int,
    table: str = "shared_replays",
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
