"""The move log: each game's actions in order, with their random outcomes, never changed
once written."""

from __future__ import annotations

from typing import Any

from bot.storage.connection import Connection
from bot.storage.records import Move
from bot.storage.stored_json import json_text


async def append_move(
    connection: Connection,
    game_id: int,
    seat: int,
    action: dict[str, Any],
    now: float,
    *,
    stand_in: bool = False,
) -> int:
    """Adds an action (in its JSON form) to the game's log, marked when a computer player
    made it for someone away; returns its number there."""
    rows = await connection.fetch(
        "INSERT INTO moves (game_id, seq, seat, action, at, stand_in) "
        "SELECT CAST(? AS BIGINT), COALESCE(MAX(seq), 0) + 1, CAST(? AS INTEGER), "
        "CAST(? AS TEXT), CAST(? AS DOUBLE PRECISION), CAST(? AS INTEGER) FROM moves "
        "WHERE game_id = ? RETURNING seq",
        (game_id, seat, json_text(action), now, int(stand_in), game_id),
    )
    return int(next(iter(rows))["seq"])


async def load_moves(connection: Connection, game_id: int) -> list[Move]:
    """The game's log, in order."""
    rows = await connection.fetch(
        "SELECT seq, seat, action, at, stand_in FROM moves WHERE game_id = ? ORDER BY seq",
        (game_id,),
    )
    return [
        Move(row["seq"], row["seat"], row["action"], row["at"], row["stand_in"] == 1)
        for row in rows
    ]


async def last_moved(connection: Connection, game_id: int) -> dict[int, float]:
    """When each seat last moved in the game."""
    rows = await connection.fetch(
        "SELECT seat, MAX(at) AS at FROM moves WHERE game_id = ? GROUP BY seat", (game_id,)
    )
    return {int(row["seat"]): float(row["at"]) for row in rows}
