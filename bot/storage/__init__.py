"""SQLite storage (aiosqlite): the schema, its migrations and the game queries."""

from bot.storage.database import Database, DatabaseTooNew
from bot.storage.records import (
    EndReason,
    FinishedGame,
    Game,
    GameStatus,
    GuildSettings,
    LadderEntry,
    Move,
    PlayerRecord,
    RatingChange,
    Result,
    Seat,
)

__all__ = [
    "Database",
    "DatabaseTooNew",
    "EndReason",
    "FinishedGame",
    "Game",
    "GameStatus",
    "GuildSettings",
    "LadderEntry",
    "Move",
    "PlayerRecord",
    "RatingChange",
    "Result",
    "Seat",
]
