"""Reads and writes of hints: whether a game was opened with them, each position's hint
as the judge weighed it, and how many positions each seat asked one in.

Like the other ``*_queries`` modules, each function runs inside a transaction its
caller opened."""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.games.analysis import Weighed
from bot.storage.connection import Connection


async def keep_game(connection: Connection, game_id: int, now: float) -> None:
    """``game_id`` is played with hints, from its lobby to its end."""
    await connection.execute(
        "INSERT INTO hint_games (game_id, made_at) VALUES (?, ?) ON CONFLICT (game_id) DO NOTHING",
        (game_id, now),
    )


async def has_hints(connection: Connection, game_id: int) -> bool:
    """Whether ``game_id`` was opened with hints."""
    return await connection.found("SELECT 1 FROM hint_games WHERE game_id = ?", (game_id,))


@dataclass(frozen=True)
class KeptHint:
    """A position's hint as kept: ``weighed`` is ``None`` where the seat had nothing to
    decide."""

    weighed: Weighed | None


async def kept(connection: Connection, game_id: int, version: int, seat: int) -> KeptHint | None:
    """The hint ``seat`` asked at ``version`` of the game, if it was weighed already."""
    rows = await connection.fetch(
        "SELECT weighed FROM hints WHERE game_id = ? AND version = ? AND seat = ?",
        (game_id, version, seat),
    )
    if not rows:
        return None
    weighed = rows[0]["weighed"]
    return KeptHint(None if weighed is None else Weighed.from_json(json.loads(str(weighed))))


async def keep(
    connection: Connection,
    game_id: int,
    version: int,
    seat: int,
    weighed: Weighed | None,
    now: float,
) -> KeptHint:
    """The hint of ``seat`` at ``version``, kept unless one was kept first (by another
    press, in any process): whichever was kept first is the one everyone sees."""
    shown = None if weighed is None else json.dumps(weighed.to_json())
    await connection.execute(
        "INSERT INTO hints (game_id, version, seat, weighed, asked_at) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT (game_id, version, seat) DO NOTHING",
        (game_id, version, seat, shown, now),
    )
    found = await kept(connection, game_id, version, seat)
    assert found is not None
    return found


async def asked(connection: Connection, game_id: int) -> dict[int, int]:
    """How many positions each seat of the game asked a hint in (those with something to
    decide), by seat."""
    rows = await connection.fetch(
        "SELECT seat, COUNT(*) AS asked FROM hints "
        "WHERE game_id = ? AND weighed IS NOT NULL GROUP BY seat",
        (game_id,),
    )
    return {int(row["seat"]): int(row["asked"]) for row in rows}
