"""The per-server ladder's arithmetic: finishing order, figures and ratings, for every game.

Pure like the engine (no Discord, no database), so the live update at the end
of a game and an admin's recompute from history run the same code.
"""

from bot.ladder.fairness import Fairness, FairnessVerdict, dice_fairness
from bot.ladder.figures import Figure, Fold, fold_figures
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
    "Figure",
    "Finish",
    "Fold",
    "Rating",
    "dice_fairness",
    "finishing_ranks",
    "fold_figures",
    "is_provisional",
    "is_rated",
    "rate",
    "rate_sides",
    "shown",
    "sides",
]
