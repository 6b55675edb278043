"""Scoring units: each player, or with 4 players each team of diagonal partners, whose two
score piles count together (docs/rules/claim.md, End of the game and scoring).

A unit's representative is its lowest seat: with 4 players seats 0 and 1, who
make the team's loot choice (house ruling H19).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.claim.cards import Card, Faction

TEAMS: Final = {
    2: ((0,), (1,)),
    3: ((0,), (1,), (2,)),
    4: ((0, 2), (1, 3)),
}


def teams(players: int) -> tuple[tuple[int, ...], ...]:
    """The scoring units' seats, unit by unit: ((0,), (1,), ...) or ((0, 2), (1, 3))."""
    return TEAMS[players]


def unit_of(players: int, seat: int) -> int:
    return seat % 2 if players == 4 else seat


def opponents(players: int, seat: int) -> tuple[int, ...]:
    """The seats of ``seat``'s opponents, clockwise from it; a partner is no opponent."""
    return tuple(
        other
        for other in ((seat + step) % players for step in range(1, players))
        if players != 4 or other % 2 != seat % 2
    )


def unit_pile(scores: Sequence[tuple[Card, ...]], seats: Sequence[int]) -> tuple[Card, ...]:
    """The unit's score piles together (not sorted: only counted)."""
    if len(seats) == 1:
        return scores[seats[0]]
    return tuple(c for seat in seats for c in scores[seat])


def loot_raccoons(pile: Sequence[Card]) -> int:
    return sum(1 for c in pile if c.loot)


def fewest_factions(factions: Sequence[Faction], pile: Sequence[Card]) -> tuple[Faction, ...]:
    """The loot options: the game's factions (in ``factions`` order) of which the pile holds
    the fewest physical cards, zero included (house ruling H14)."""
    counts = dict.fromkeys(factions, 0)
    for c in pile:
        counts[c.faction] += 1
    fewest = min(counts.values())
    return tuple(f for f in factions if counts[f] == fewest)
