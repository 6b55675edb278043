"""A finished game's report, kept once made, and each seat's figures from it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.storage.connection import Connection


@dataclass(frozen=True)
class SeatRow:
    """One seat's figures from a game's report, as ``analysis_seats`` keeps them."""

    seat: int
    user_id: int | None
    """The human the seat counts for; ``None`` for a computer player's."""
    level: str | None
    """The computer player's level; ``None`` for a human's seat."""
    decisions: int
    chance_lost: float
    luck: float
    result: float


async def stored_report(connection: Connection, game_id: int) -> str | None:
    """The game's report as kept (JSON), if it was made."""
    rows = await connection.fetch("SELECT report FROM analyses WHERE game_id = ?", (game_id,))
    return str(rows[0]["report"]) if rows else None


async def keep_report(
    connection: Connection, game_id: int, report: str, now: float, seats: Sequence[SeatRow]
) -> None:
    """Keeps a report just made, and its seats' figures: in place of one of an older make
    (one another process made meanwhile is the same: the same game judged with the same
    seed)."""
    await connection.upsert("analyses", {"game_id": game_id}, report=report, made_at=now)
    await connection.execute("DELETE FROM analysis_seats WHERE game_id = ?", (game_id,))
    await connection.executemany(
        "INSERT INTO analysis_seats (game_id, seat, user_id, level, decisions, chance_lost, "
        "luck, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                game_id,
                row.seat,
                row.user_id,
                row.level,
                row.decisions,
                row.chance_lost,
                row.luck,
                row.result,
            )
            for row in seats
        ],
    )
