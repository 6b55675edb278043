"""Where the games are kept, a SQLite file or PostgreSQL: the schema and its migrations,
the records as typed values, and the ``*_queries`` modules, a subject each. Every query
runs on a connection inside a transaction that its caller (the service) opened, so that
several of them commit or roll back together."""

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
    Notify,
    PingMode,
    PlayerRecord,
    PlayerSettings,
    RatingChange,
    Result,
    Seat,
    TurnNotice,
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
    "Notify",
    "PingMode",
    "PlayerRecord",
    "PlayerSettings",
    "RatingChange",
    "Result",
    "Seat",
    "TurnNotice",
]
