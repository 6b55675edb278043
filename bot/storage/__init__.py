"""SQLite storage (aiosqlite): the schema, its migrations and the game queries."""

from bot.storage.database import CommitUnknown, Database, DatabaseTooNew, DatabaseUnavailable
from bot.storage.records import (
    DueGames,
    EndReason,
    FinishedGame,
    FinishedTable,
    Game,
    GameStatus,
    GuildSettings,
    Hand,
    LadderEntry,
    Move,
    PingMode,
    PlayerRecord,
    RatingChange,
    Result,
    Seat,
)

__all__ = [
    "CommitUnknown",
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
    "Hand",
    "LadderEntry",
    "Move",
    "PingMode",
    "PlayerRecord",
    "RatingChange",
    "Result",
    "Seat",
]
