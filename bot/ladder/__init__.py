"""The per-server ladder's arithmetic: finishing order, ratings, and per-turn statistics.

Pure like the engine (no Discord, no database), so the live update at the end
of a game and an admin's recompute from history run the same code.
"""

from bot.ladder.ranking import Finish, finishing_ranks, is_rated
from bot.ladder.ratings import (
    NEW_PLAYER,
    PROVISIONAL_GAMES,
    Rating,
    is_provisional,
    rate,
    shown,
)
from bot.ladder.turn_stats import TurnStats, turn_stats

__all__ = [
    "NEW_PLAYER",
    "PROVISIONAL_GAMES",
    "Finish",
    "Rating",
    "TurnStats",
    "finishing_ranks",
    "is_provisional",
    "is_rated",
    "rate",
    "shown",
    "turn_stats",
]
