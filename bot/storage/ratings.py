"""What a rating is, as the records keep it and players see it: openskill's estimate of a
player's skill (the ladder's arithmetic, ``bot.features.ladder``, moves it), the number
shown for it, and when it is still provisional.

Beside the records rather than in the ladder, because the games show ratings too (a
result's rating changes, a stats card's figures) and the core names no feature.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rating:
    """A player's or a team's skill, as openskill's Plackett–Luce model estimates it."""

    mu: float
    """The skill estimate."""
    sigma: float
    """How unsure the estimate still is; it shrinks with every rated game."""

    @property
    def conservative(self) -> float:
        """mu - 3 sigma: a skill the player almost surely has; the ladder's order."""
        return self.mu - 3 * self.sigma


NEW_PLAYER = Rating(25.0, 25.0 / 3)
"""Where everyone starts: openskill's own default, which the ladder's model is made with."""

SHOWN_BASE = 1000
SHOWN_SCALE = 40
"""A new player shows 1000; one rating point of mu - 3 sigma is 40 shown points."""

PROVISIONAL_GAMES = 5
"""A rating from fewer rated games than this is provisional: its uncertainty is still
large, so it moves a lot with each game, and a single lucky game can top the ladder."""

MIN_RATED_SIDES = 2
"""A game against computer players alone says nothing about how someone plays against people:
a rated game has humans on at least two sides."""


def is_provisional(rated_games: int) -> bool:
    """Whether a rating still moves a lot: fewer than ``PROVISIONAL_GAMES`` rated games."""
    return rated_games < PROVISIONAL_GAMES


def shown(conservative: float) -> int:
    """The friendly number players see for a conservative rating (mu - 3 sigma)."""
    return round(SHOWN_BASE + SHOWN_SCALE * conservative)
