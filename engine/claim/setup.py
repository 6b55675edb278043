"""Deck building and the deal (docs/rules/claim.md, Setup): which factions make a game, how many
cards each seat gets, and the one shuffle the engine does with a random source.

Everything else in the engine is deterministic: the shuffled deck and the
removed Raccoons are inputs of ``new_game``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Final

from engine.claim.cards import FACTION_CARDS, Card, Faction, sort_cards
from engine.claim.errors import BadSetup

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
REMOVED_RACCOONS: Final = 4
"""Raccoons removed unseen at setup, so that the Raccoons count as a 10-card faction."""

PAIRS: Final[tuple[tuple[Faction, Faction], ...]] = (
    (Faction.GOBLINS, Faction.KNIGHTS),
    (Faction.GNOMES, Faction.GIANTS),
    (Faction.KINGS, Faction.PEASANTS),
)
ADDED: Final[tuple[Faction, ...]] = tuple(
    sorted(
        (
            Faction.AUTOMATONS,
            Faction.BARDS,
            Faction.DOPPELGANGERS,
            Faction.DRAGONS,
            Faction.DWARVES,
            Faction.GRIFFINS,
            Faction.RACCOONS,
            Faction.SEERS,
            Faction.TROLLS,
            Faction.UNDEAD,
            Faction.VIKINGS,
        )
    )
)
"""The factions added to a pair: ten cards each (the Raccoons once four are removed)."""
FIRST_GAME: Final[tuple[Faction, ...]] = tuple(
    sorted(
        (
            Faction.GOBLINS,
            Faction.KNIGHTS,
            Faction.UNDEAD,
            Faction.DWARVES,
            Faction.DOPPELGANGERS,
        )
    )
)
"""The house's recommendation for a first game: the original Claim's simplest five."""

_HAND: Final = {2: 13, 3: 12, 4: 9}
_DRAW: Final = {2: 26, 3: 36, 4: 36}
_PRIZES: Final = {2: 1, 3: 2, 4: 2}


def _check_players(players: object) -> int:
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise BadSetup(f"Claim is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
    return players


def added_count(players: int) -> int:
    """How many 10-card factions join the pair: 3 with 2 players, 5 with 3 or 4."""
    return 3 if _check_players(players) == 2 else 5


def hand_size(players: int) -> int:
    """Cards dealt to each seat, and tricks in each phase: 13, 12 or 9."""
    return _HAND[_check_players(players)]


def draw_size(players: int) -> int:
    """The draw pile after the deal: 26 with 2 players, 36 with 3 or 4."""
    return _DRAW[_check_players(players)]


def prize_count(players: int) -> int:
    """Face-up cards revealed each trick of phase 1: 1 with 2 players, 2 with 3 or 4."""
    return _PRIZES[_check_players(players)]


def check_selection(players: int, factions: Sequence[Faction]) -> None:
    """Raises ``BadSetup`` unless ``factions`` is one pair plus the right number of 10-card
    factions for ``players``, each once."""
    added = added_count(players)
    chosen = set(factions)
    if len(chosen) != len(factions):
        raise BadSetup("a faction is chosen twice")
    pairs = [pair for pair in PAIRS if chosen & set(pair)]
    if len(pairs) != 1 or not chosen >= set(pairs[0]):
        raise BadSetup(
            "a game uses exactly one whole pair: Goblins & Knights, Gnomes & Giants, "
            "or Kings & Peasants"
        )
    others = chosen - set(pairs[0])
    if not others <= set(ADDED) or len(others) != added:
        raise BadSetup(
            f"with {players} players the pair is joined by {added} of the 10-card factions "
            f"({', '.join(f.label for f in ADDED)})"
        )


def game_cards(factions: Iterable[Faction]) -> tuple[Card, ...]:
    """Every card of the factions in catalogue order, all 14 Raccoons included."""
    return sort_cards(c for f in set(factions) for c in FACTION_CARDS[f])


def random_selection(players: int, rng: random.Random) -> tuple[Faction, ...]:
    """A random valid choice of factions: one pair and the right number of 10-card ones."""
    pair = rng.choice(PAIRS)
    return (*pair, *rng.sample(ADDED, added_count(players)))


def shuffle_deck(
    factions: Sequence[Faction], rng: random.Random
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The shuffled deck and the removed Raccoons (catalogue order) for ``new_game``.

    With Raccoons the 14 are shuffled, 4 are removed unseen and the other 10 are
    shuffled into the deck before the deal (house ruling H2)."""
    deck = [c for c in game_cards(factions) if c.faction is not Faction.RACCOONS]
    removed: tuple[Card, ...] = ()
    if Faction.RACCOONS in factions:
        raccoons = list(FACTION_CARDS[Faction.RACCOONS])
        rng.shuffle(raccoons)
        removed = sort_cards(raccoons[:REMOVED_RACCOONS])
        deck.extend(raccoons[REMOVED_RACCOONS:])
    rng.shuffle(deck)
    return tuple(deck), removed
