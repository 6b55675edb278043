"""Ratings with openskill's Plackett–Luce model, made for free-for-all games of any size."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

_MODEL = PlackettLuce()

SHOWN_BASE = 1000
SHOWN_SCALE = 40
"""A new player shows 1000; one rating point of mu - 3 sigma is 40 shown points."""


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


NEW_PLAYER = Rating(_MODEL.mu, _MODEL.sigma)

PROVISIONAL_GAMES = 5
"""A rating from fewer rated games than this is provisional: its uncertainty is still
large, so it moves a lot with each game, and a single lucky game can top the ladder."""


def is_provisional(rated_games: int) -> bool:
    """Whether a rating still moves a lot: fewer than ``PROVISIONAL_GAMES`` rated games."""
    return rated_games < PROVISIONAL_GAMES


def rate(ratings: Sequence[Rating], ranks: Sequence[int]) -> list[Rating]:
    """The players' ratings after a game in which they finished at ``ranks`` (1 is first)."""
    return [side[0] for side in rate_sides([[r] for r in ratings], ranks)]


def rate_sides(sides: Sequence[Sequence[Rating]], ranks: Sequence[int]) -> list[list[Rating]]:
    """The ratings after a game of sides (teams, or players alone) that finished at
    ``ranks``: openskill rates a team as one, from its members' ratings together."""
    teams = [[_MODEL.rating(mu=r.mu, sigma=r.sigma) for r in side] for side in sides]
    rated = _MODEL.rate(teams, ranks=list(ranks))
    return [[Rating(m.mu, m.sigma) for m in team] for team in rated]


def shown(conservative: float) -> int:
    """The friendly number players see for a conservative rating (mu - 3 sigma)."""
    return round(SHOWN_BASE + SHOWN_SCALE * conservative)
