"""The server's ladder of each game: its ratings, its leaderboard, a player's stats and
the history of finished games (its Discord part, ``discord``)."""

from bot.service.feature_registry import Feature

FEATURE = Feature()
