"""What the bot reads back of a whole database, for tests that compare two databases'
readings (one copied, or upgraded, from the other)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.features.ladder.service import LadderService, Leaderboard, PlayerStats
from bot.storage import Database, FinishedGame
from tests.bot.fixtures import PLAYERS


async def game_ids(database: Database) -> list[int]:
    """Every game's id, in order."""
    rows = await database.read(
        lambda connection: connection.fetch("SELECT id FROM games ORDER BY id")
    )
    return [int(row[0]) for row in rows]


async def leaderboard_pages(ladders: LadderService, guild: int, kind: str) -> list[Leaderboard]:
    """Every page of a server's leaderboard of one game, from the first."""
    first = await ladders.leaderboard(guild, kind, 0)
    return [first] + [
        await ladders.leaderboard(guild, kind, 0, page) for page in range(2, first.pages + 1)
    ]


@dataclass(frozen=True)
class Ladder:
    """A server's ladder of one game, as the bot shows it."""

    pages: list[Leaderboard]
    stats: dict[int, PlayerStats | None]
    """Per player."""
    history: list[FinishedGame]


async def read_ladder(ladders: LadderService, guild: int, kind: str) -> Ladder:
    """A server's ladder of one game: every page, each player's stats, its history."""
    return Ladder(
        pages=await leaderboard_pages(ladders, guild, kind),
        stats={p.user_id: await ladders.stats(guild, kind, p.user_id) for p in PLAYERS},
        history=await ladders.history(guild, kind, 1000),
    )
