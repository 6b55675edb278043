"""The replays kept once made, per game and language."""

from __future__ import annotations

from bot.storage.connection import Connection


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
    await connection.upsert(
        "replays", {"game_id": game_id, "language": language}, gif=gif, made_at=now
    )
