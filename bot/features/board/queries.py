"""The board's launches: kept at a press, read by the Activity's viewer."""

from __future__ import annotations

from bot.storage.connection import Connection


async def record_launch(
    connection: Connection, user_id: int, channel_id: int, game_id: int, now: float
) -> None:
    """``user_id`` opened the board from ``game_id``'s table in ``channel_id``."""
    await connection.upsert(
        "board_launches",
        {"user_id": user_id, "channel_id": channel_id},
        game_id=game_id,
        launched_at=now,
    )


async def launched(
    connection: Connection, user_id: int, channel_id: int, since: float
) -> int | None:
    """The game ``user_id`` opened the board from in ``channel_id`` at ``since`` or later."""
    rows = await connection.fetch(
        "SELECT game_id FROM board_launches WHERE user_id = ? AND channel_id = ? "
        "AND launched_at >= ?",
        (user_id, channel_id, since),
    )
    return int(rows[0]["game_id"]) if rows else None
