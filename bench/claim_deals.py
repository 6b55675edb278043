"""A seeded Claim game's start as the benchmarks deal it: the deck shuffled by the deal's
own random source, the first seat to play first, so that a seed names one game."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.claim import ClaimState, Faction, new_game, shuffle_deck


def seeded_start(players: int, factions: Sequence[Faction], deal: random.Random) -> ClaimState:
    """The new game of ``players`` with ``factions``, its deck shuffled by ``deal``."""
    deck, removed = shuffle_deck(factions, deal)
    state, _ = new_game(players, factions, deck, removed, 0)
    return state
