"""The per-server ladder's arithmetic: finishing order, ratings, and per-turn statistics.

Pure like the engine (no Discord, no database), so the live update at the end
of a game and an admin's recompute from history run the same code.
"""

from bot.ladder.ranking import Finish, finishing_ranks, is_rated
from bot.ladder.ratings import NEW_PLAYER, Rating, rate, shown
from bot.ladder.turn_stats import TurnStats, turn_stats

__all__ = [
    "NEW_PLAYER",
    "Finish",
    "Rating",
    "TurnStats",
    "finishing_ranks",
    "is_rated",
    "rate",
    "shown",
    "turn_stats",
]
