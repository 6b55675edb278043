"""SQLite storage (aiosqlite): the schema, its migrations and the game queries."""

from bot.storage.database import Database, DatabaseTooNew, DatabaseUnavailable
from bot.storage.records import (
    DueGames,
    EndReason,
    FinishedGame,
    FinishedTable,
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
    "DatabaseUnavailable",
    "DueGames",
    "EndReason",
    "FinishedGame",
    "FinishedTable",
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
