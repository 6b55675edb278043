"""Where games are played and where their messages are: the open games of a channel or
thread, the games a message belongs to, each game's lobby, table and ping messages and
its thread, and the version those messages show (searched for when they are behind).
Recording any of it is bookkeeping: the game's version stays."""

from __future__ import annotations

from collections.abc import Iterable

from bot.storage.connection import Connection
from bot.storage.shards import Shards


async def open_games_here(
    connection: Connection, channel_id: int, kind: str | None = None
) -> list[tuple[int, int | None]]:
    """The open games (of ``kind``, or any) played in this channel or thread or started
    from this channel into their own threads, as (id, thread), oldest first."""
    # Each place by its own index (a game played in a thread keeps its channel as
    # channel_id): an OR of the two would scan every game of every server.
    rows = [
        *await connection.fetch(
            "SELECT id, thread_id FROM games WHERE channel_id = ? "
            "AND status IN ('lobby', 'active') AND (CAST(? AS TEXT) IS NULL OR kind = ?)",
            (channel_id, kind, kind),
        ),
        *await connection.fetch(
            "SELECT id, thread_id FROM games WHERE thread_id = ? "
            "AND status IN ('lobby', 'active') AND (CAST(? AS TEXT) IS NULL OR kind = ?)",
            (channel_id, kind, kind),
        ),
    ]
    return sorted({int(row["id"]): row["thread_id"] for row in rows}.items())


async def games_showing(connection: Connection, place_id: int, message_id: int) -> list[int]:
    """The open games whose lobby, table or ping in this channel or thread is
    ``message_id``, by id."""
    return await connection.ints(
        "SELECT id FROM games WHERE (channel_id = ? OR thread_id = ?) "
        "AND status IN ('lobby', 'active') "
        "AND (lobby_message_id = ? OR turn_message_id = ? OR ping_message_id = ?) ORDER BY id",
        (place_id, place_id, message_id, message_id, message_id),
    )


async def game_played_in(connection: Connection, channel_id: int) -> int | None:
    """The open game that plays in this channel itself (or in this thread, its own),
    rather than in a thread of its own, if there is one."""
    rows = list(
        await connection.fetch(
            "SELECT id FROM games WHERE channel_id = ? AND thread_id IS NULL "
            "AND status IN ('lobby', 'active') "
            "UNION ALL SELECT id FROM games WHERE thread_id = ? AND status IN ('lobby', 'active')",
            (channel_id, channel_id),
        )
    )
    return int(rows[0]["id"]) if rows else None


async def set_message(
    connection: Connection, game_id: int, column: str, message_id: int | None
) -> None:
    """Records where the game's messages (or thread) are; bookkeeping, so the version stays."""
    _check_message_column(column)
    await connection.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (message_id, game_id))


def _check_message_column(column: str) -> None:
    if column not in ("lobby_message_id", "turn_message_id", "thread_id", "ping_message_id"):
        raise ValueError(f"{column} is not a message column")


async def mark_unshown(connection: Connection, game_id: int) -> None:
    """Records that the game's messages show none of its versions (they are gone), so that
    it is shown afresh, by the reconciler if need be; bookkeeping, so the version stays."""
    await connection.execute("UPDATE games SET shown_version = NULL WHERE id = ?", (game_id,))


async def mark_shown(
    connection: Connection,
    game_id: int,
    version: int,
    message_ids: dict[str, int | None],
    clock_from: float | None = None,
) -> float | None:
    """Records that the game's messages show ``version`` (never moving backwards), and
    where those messages are; bookkeeping, so the game's version stays. ``clock_from``
    starts the turn's clock again from then, if the game is still at ``version`` and its
    clock runs: one stopped for someone away (``paused_left``) goes on with the time it
    had left when they are back. Returns the game's deadline."""
    for column in message_ids:
        _check_message_column(column)
    assignments = "".join(f", {column} = ?" for column in message_ids)
    clock = ""
    if clock_from is not None:
        clock = ", deadline = CASE WHEN status = 'active' AND version = ? "
        clock += "AND paused_left IS NULL "
        clock += "THEN CAST(? AS DOUBLE PRECISION) + turn_timeout "
        clock += "ELSE deadline END"
    rows = list(
        await connection.fetch(
            "UPDATE games SET shown_version = "
            f"{connection.greatest('COALESCE(shown_version, -1)', 'CAST(? AS INTEGER)')}"
            f"{assignments}"
            f"{clock} WHERE id = ? RETURNING deadline",
            (
                version,
                *message_ids.values(),
                *(() if clock_from is None else (version, clock_from)),
                game_id,
            ),
        )
    )
    return rows[0]["deadline"] if rows else None


async def games_not_shown(connection: Connection, shards: Shards) -> list[int]:
    """Games of these shards whose messages are behind their last change (searched
    through the ``games_not_shown`` partial index)."""
    where, params = shards.where()
    return await connection.ints(
        f"SELECT id FROM games WHERE {connection.differs('shown_version', 'version')} "
        f"AND {where} ORDER BY id",
        params,
    )


async def set_ping(
    connection: Connection, game_id: int, message_id: int | None, users: Iterable[int]
) -> None:
    """Records the message pinging ``users`` (``None``: there is none); bookkeeping."""
    pinged = ",".join(str(user) for user in users) or None
    await connection.execute(
        "UPDATE games SET ping_message_id = ?, pinged = ? WHERE id = ?",
        (message_id, pinged, game_id),
    )
