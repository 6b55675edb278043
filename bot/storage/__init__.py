"""SQLite storage (aiosqlite): the schema, its migrations and the game queries."""

from bot.storage.database import Database, DatabaseTooNew
from bot.storage.records import (
    EndReason,
    Game,
    GameStatus,
    GuildSettings,
    Move,
    PlayerRecord,
    Result,
    Seat,
)

__all__ = [
    "Database",
    "DatabaseTooNew",
    "EndReason",
    "Game",
    "GameStatus",
    "GuildSettings",
    "Move",
    "PlayerRecord",
    "Result",
    "Seat",
]
