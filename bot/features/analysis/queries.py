"""A finished game's report, kept once made."""

from __future__ import annotations

from bot.storage.connection import Connection


async def stored_report(connection: Connection, game_id: int) -> str | None:
    """The game's report as kept (JSON), if it was made."""
    rows = await connection.fetch("SELECT report FROM analyses WHERE game_id = ?", (game_id,))
    return str(rows[0]["report"]) if rows else None


async def keep_report(connection: Connection, game_id: int, report: str, now: float) -> None:
    """Keeps a report just made; one another process made meanwhile stands (the same
    game judged with the same seed is the same report)."""
    await connection.execute(
        "INSERT INTO analyses (game_id, report, made_at) VALUES (?, ?, ?) "
        "ON CONFLICT (game_id) DO NOTHING",
        (game_id, report, now),
    )
