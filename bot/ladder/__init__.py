"""The per-server ladder's arithmetic: finishing order and ratings, for every game.

Pure like the engine (no Discord, no database), so the live update at the end
of a game and an admin's recompute from history run the same code.
"""

from bot.ladder.fairness import Fairness, FairnessVerdict, dice_fairness
from bot.ladder.ranking import Finish, finishing_ranks, is_rated, sides
from bot.ladder.ratings import (
    NEW_PLAYER,
    PROVISIONAL_GAMES,
    Rating,
    is_provisional,
    rate,
    rate_sides,
    shown,
)

__all__ = [
    "NEW_PLAYER",
    "PROVISIONAL_GAMES",
    "Fairness",
    "FairnessVerdict",
    "Finish",
    "Rating",
    "dice_fairness",
    "finishing_ranks",
    "is_provisional",
    "is_rated",
    "rate",
    "rate_sides",
    "shown",
    "sides",
]
