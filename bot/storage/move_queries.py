"""The move log: each game's actions in order, with their random outcomes, never changed
once written. A move a take-back undid stays in it; the take-back (``takebacks``) says
which moves it undid, and the game as played is the moves that stand."""

from __future__ import annotations

from typing import Any, NamedTuple

from bot.storage.connection import Connection, Row
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
    by_clock: bool = False,
    draws: str | None = None,
) -> int:
    """Adds an action (in its JSON form) to the game's log, marked when a computer player
    made it for someone away or the clock for someone quiet, with the chance it drew
    (``draws``); returns its number there."""
    rows = await connection.fetch(
        "INSERT INTO moves (game_id, seq, seat, action, at, stand_in, by_clock, draws) "
        "SELECT CAST(? AS BIGINT), COALESCE(MAX(seq), 0) + 1, CAST(? AS INTEGER), "
        "CAST(? AS TEXT), CAST(? AS DOUBLE PRECISION), CAST(? AS INTEGER), "
        "CAST(? AS INTEGER), CAST(? AS TEXT) FROM moves WHERE game_id = ? RETURNING seq",
        (game_id, seat, json_text(action), now, int(stand_in), int(by_clock), draws, game_id),
    )
    return int(next(iter(rows))["seq"])


UNDONE_BY = (
    "(SELECT t.number FROM takebacks t WHERE t.game_id = moves.game_id "
    "AND t.state = 'granted' AND moves.seq BETWEEN t.first_seq AND t.last_seq)"
)
"""The take-back that undid a move of ``moves``, if one did."""


class UndoneRun(NamedTuple):
    """Moves of a game's log a take-back undid, from the first to the last."""

    first_seq: int
    last_seq: int


async def undone_runs(connection: Connection, game_id: int) -> list[UndoneRun]:
    """The runs of the game's log that take-backs undid, in the order they were undone."""
    rows = await connection.fetch(
        "SELECT first_seq, last_seq FROM takebacks WHERE game_id = ? AND state = 'granted' "
        "ORDER BY number",
        (game_id,),
    )
    return [UndoneRun(int(row["first_seq"]), int(row["last_seq"])) for row in rows]


async def load_moves(connection: Connection, game_id: int) -> list[Move]:
    """The game's moves that stand (none a take-back undid), in order: the game as
    played."""
    rows = await connection.fetch(
        "SELECT seq, seat, action, at, stand_in, by_clock FROM moves "
        f"WHERE game_id = ? AND {UNDONE_BY} IS NULL ORDER BY seq",
        (game_id,),
    )
    return [_move(row) for row in rows]


async def load_logged_moves(connection: Connection, game_id: int) -> list[Move]:
    """The game's whole log, in order, each move a take-back undid marked with it."""
    rows = await connection.fetch(
        f"SELECT seq, seat, action, at, stand_in, by_clock, {UNDONE_BY} AS taken_back "
        "FROM moves WHERE game_id = ? ORDER BY seq",
        (game_id,),
    )
    return [
        _move(row, None if row["taken_back"] is None else int(row["taken_back"])) for row in rows
    ]


async def last_moved(connection: Connection, game_id: int) -> dict[int, float]:
    """When each seat last moved in the game."""
    rows = await connection.fetch(
        "SELECT seat, MAX(at) AS at FROM moves WHERE game_id = ? GROUP BY seat", (game_id,)
    )
    return {int(row["seat"]): float(row["at"]) for row in rows}


def _move(row: Row, taken_back: int | None = None) -> Move:
    """The move a row of ``moves`` holds (``taken_back``: the take-back that undid it)."""
    return Move(
        row["seq"],
        row["seat"],
        row["action"],
        row["at"],
        row["stand_in"] == 1,
        taken_back,
        row["by_clock"] == 1,
    )
