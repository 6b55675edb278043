"""Finding a past game by the number its server knows it by, or as the last one here: a
finished one (to replay, to judge), any that began (to read its log, to follow it); and
the last ones finished here (the board's list)."""

from __future__ import annotations

from bot.storage.connection import Connection


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


async def finished_here(connection: Connection, channel_id: int, most: int) -> list[int]:
    """The ids of the last ``most`` games finished in this channel or thread, or started
    from this channel into threads of their own, newest first."""
    # Each place by its own index (a game played in a thread keeps its channel as
    # channel_id): an OR of the two would scan every finished game.
    rows = await connection.fetch(
        "SELECT id, finish_seq FROM games WHERE status = 'finished' AND channel_id = ? "
        "ORDER BY finish_seq DESC LIMIT ?",
        (channel_id, most),
    )
    rows += await connection.fetch(
        "SELECT id, finish_seq FROM games WHERE status = 'finished' AND thread_id = ? "
        "ORDER BY finish_seq DESC LIMIT ?",
        (channel_id, most),
    )
    found = {int(row["id"]): int(row["finish_seq"]) for row in rows}
    return sorted(found, key=lambda game_id: found[game_id], reverse=True)[:most]


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
