"""What the bot reads back of a whole database, for tests that compare two databases'
readings (one copied, or upgraded, from the other)."""

from __future__ import annotations

from bot.features.ladder.service import LadderService, Leaderboard
from bot.storage import Database


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
