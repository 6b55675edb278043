"""Ratings moved with openskill's Plackett–Luce model, made for free-for-all games of any
size (a rating itself, and how it shows, is ``bot.storage.ratings``)."""

from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce

from bot.storage.ratings import NEW_PLAYER, Rating

_MODEL = PlackettLuce(mu=NEW_PLAYER.mu, sigma=NEW_PLAYER.sigma)


def rate(ratings: Sequence[Rating], ranks: Sequence[int]) -> list[Rating]:
    """The players' ratings after a game in which they finished at ``ranks`` (1 is first)."""
    return [side[0] for side in rate_sides([[r] for r in ratings], ranks)]


def rate_sides(sides: Sequence[Sequence[Rating]], ranks: Sequence[int]) -> list[list[Rating]]:
    """The ratings after a game of sides (teams, or players alone) that finished at
    ``ranks``: openskill rates a team as one, from its members' ratings together."""
    teams = [[_MODEL.rating(mu=r.mu, sigma=r.sigma) for r in side] for side in sides]
    rated = _MODEL.rate(teams, ranks=list(ranks))
    return [[Rating(m.mu, m.sigma) for m in team] for team in rated]
