"""Reads and writes of the ratings the core keeps beside each game's results: a player's
current rating, what a finished game did to its players' ratings (its result card
shows them), and the games a feature made count on no ladder. The ladder's own
queries (``bot.features.ladder.queries``) count and page them.

Like the other ``*_queries`` modules, each function runs inside a transaction its
caller opened.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.storage.connection import Connection, Row, marks
from bot.storage.ratings import Rating
from bot.storage.records import RatingChange


async def ratings_of(
    connection: Connection, guild_id: int, kind: str, user_ids: Iterable[int]
) -> dict[int, tuple[Rating, int]]:
    """The current ratings, and the rated games behind them, of those of these players
    who have one in this server and game."""
    ids = list(user_ids)
    rows = await connection.fetch(
        "SELECT user_id, mu, sigma, rated_games FROM player_records WHERE guild_id = ? "
        f"AND kind = ? AND user_id IN ({marks(ids)}) AND mu IS NOT NULL",
        (guild_id, kind, *ids),
    )
    return {row["user_id"]: (read_rating(row), row["rated_games"]) for row in rows}


async def rating_changes(connection: Connection, game_id: int) -> list[RatingChange]:
    """What a game did to its players' ratings, in seat order; empty if it was unrated."""
    rows = await connection.fetch(
        "SELECT c.user_id, r.display_name, c.mu_before, c.sigma_before, c.mu_after, "
        "c.sigma_after, (SELECT COUNT(*) FROM rating_changes e WHERE e.guild_id = c.guild_id "
        "AND e.kind = c.kind AND e.user_id = c.user_id AND e.finish_seq <= c.finish_seq) "
        "AS rated_games FROM rating_changes c "
        "JOIN results r ON r.game_id = c.game_id AND r.user_id = c.user_id "
        "WHERE c.game_id = ? ORDER BY r.seat",
        (game_id,),
    )
    return [
        RatingChange(
            user_id=row["user_id"],
            display_name=row["display_name"],
            before=(
                None if row["mu_before"] is None else Rating(row["mu_before"], row["sigma_before"])
            ),
            after=Rating(row["mu_after"], row["sigma_after"]),
            rated_games=row["rated_games"],
        )
        for row in rows
    ]


async def mark_unrated(connection: Connection, game_id: int) -> None:
    """The game counts on no ladder."""
    await connection.execute("INSERT INTO unrated_games (game_id) VALUES (?)", (game_id,))


async def is_unrated(connection: Connection, game_id: int) -> bool:
    """Whether the game was made to count on no ladder."""
    return await connection.found("SELECT 1 FROM unrated_games WHERE game_id = ?", (game_id,))


def read_rating(row: Row) -> Rating:
    """The rating in a row's ``mu`` and ``sigma``."""
    return Rating(row["mu"], row["sigma"])
