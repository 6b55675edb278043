"""Counting a finished game on its server's ladder: once, in the transaction that
finishes it (the ladder's hook), and again for each game when a server's ladder is
recounted, with the same function, so both arrive at the same ladder."""

from __future__ import annotations

from bot.features.ladder import queries as ladder_queries
from bot.features.ladder.ranking import Finish, finishing_ranks, is_rated, sides
from bot.features.ladder.ratings import rate_sides
from bot.games.registry import rules_for
from bot.storage import rating_queries
from bot.storage.connection import Connection
from bot.storage.ratings import NEW_PLAYER
from bot.storage.records import FinishedTable, RatingChange


async def count_game(connection: Connection, game: FinishedTable) -> None:
    """Counts a finished game in its server's ladder of its game: every human's record,
    and for a rated game (humans on two sides at least) their ratings and the changes
    its result card shows."""
    humans = [(r.user_id, r) for r in game.results if r.user_id is not None]
    rules = rules_for(game.kind)
    # Records and ratings are read, then written: one game of a ladder at a time.
    await connection.lock("ladder", game.guild_id, game.kind)
    await ladder_queries.add_to_records(connection, game, rules.figures, [r for _, r in humans])
    team_of = {
        seat: team for team, seats in enumerate(rules.teams(len(game.results))) for seat in seats
    }
    finishers = [Finish(user, r.won, r.place, r.left, team_of[r.seat]) for user, r in humans]
    # An unrated tournament's games count on no ladder, whoever plays them.
    rated = is_rated(finishers) and not await rating_queries.is_unrated(connection, game.id)
    await ladder_queries.mark_counted(connection, game.id, rated)
    if not rated:
        return
    before = await rating_queries.ratings_of(
        connection, game.guild_id, game.kind, (user for user, _ in humans)
    )
    grouped = sides(finishers)
    ranks = finishing_ranks(finishers)
    rated_sides = rate_sides(
        [[before.get(finishers[i].user_id, (NEW_PLAYER, 0))[0] for i in side] for side in grouped],
        [ranks[side[0]] for side in grouped],
    )
    after = {
        index: rating
        for side, ratings in zip(grouped, rated_sides, strict=True)
        for index, rating in zip(side, ratings, strict=True)
    }
    changes = []
    for index, (user, r) in enumerate(humans):
        rating, rated_games = before.get(user, (None, 0))
        changes.append(RatingChange(user, r.display_name, rating, after[index], rated_games + 1))
    await ladder_queries.save_ratings(connection, game, changes)
