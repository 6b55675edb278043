"""The 180 cards of Claim's anniversary edition (docs/rules/claim.md, Components).

Every card is a singleton of the catalogue: piles hold the very objects of
``CARDS``, so a card is found in a hand by identity, which is what keeps the
rules fast. Copying or pickling a card gives back the same singleton.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from operator import attrgetter
from types import MappingProxyType
from typing import Final


class Faction(StrEnum):
    AUTOMATONS = "AUT"
    BARDS = "BAR"
    DOPPELGANGERS = "DOP"
    DRAGONS = "DRA"
    DWARVES = "DWA"
    GIANTS = "GIA"
    GNOMES = "GNO"
    GOBLINS = "GOB"
    GRIFFINS = "GRI"
    KINGS = "KIN"
    KNIGHTS = "KNI"
    PEASANTS = "PEA"
    RACCOONS = "RAC"
    SEERS = "SEE"
    TROLLS = "TRO"
    UNDEAD = "UND"
    VIKINGS = "VIK"

    @property
    def label(self) -> str:
        """The faction's name in plain words, for messages."""
        return self.name.title()


LOOT_VALUES: Final = frozenset(range(5))
"""House ruling H1: the Raccoons carrying the loot symbol (the rulebook only says "some")."""

_SUFFIXES: Final = "abcde"
_TEN: Final = tuple(range(10))
_VALUES: Final[Mapping[Faction, tuple[int, ...]]] = {
    Faction.KNIGHTS: tuple(range(2, 10)),
    Faction.GOBLINS: (0, 0, 0, 0, 0, *range(1, 10)),
    Faction.GIANTS: (1, 1, 3, 3, 5, 5, 7, 7, 9),
    Faction.GNOMES: (1, 1, 1, 3, 3, 3, 5, 5, 5, 7, 7, 7, 9),
    Faction.KINGS: tuple(range(4, 13)),
    Faction.PEASANTS: tuple(range(13)),
    Faction.RACCOONS: tuple(range(14)),
}
"""Printed values of the factions that are not ten cards 0-9."""


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card of the catalogue; equality is identity (there is one object per card)."""

    id: str
    faction: Faction
    value: int
    """The printed value."""
    loot: bool
    """True for the Raccoons with the loot symbol (``LOOT_VALUES``)."""
    order: int
    """Position in catalogue order: sorting by it is sorting the way every pile is written."""

    def __reduce__(self) -> tuple[Callable[[str], Card], tuple[str]]:
        return card, (self.id,)

    def __repr__(self) -> str:
        return f"Card({self.id!r})"


def _catalogue() -> tuple[Card, ...]:
    specs: list[tuple[str, Faction, int]] = []
    for faction in Faction:
        values = _VALUES.get(faction, _TEN)
        for value in sorted(set(values)):
            copies = values.count(value)
            for copy in range(copies):
                suffix = _SUFFIXES[copy] if copies > 1 else ""
                specs.append((f"{faction.value}{value}{suffix}", faction, value))
    specs.sort(key=lambda spec: (spec[1].value, spec[2], spec[0]))
    return tuple(
        Card(id_, faction, value, faction is Faction.RACCOONS and value in LOOT_VALUES, order)
        for order, (id_, faction, value) in enumerate(specs)
    )


CATALOGUE: Final = _catalogue()
"""All 180 cards in catalogue order: faction code, then value, then id."""
CARDS: Final[Mapping[str, Card]] = MappingProxyType({c.id: c for c in CATALOGUE})
FACTION_CARDS: Final[Mapping[Faction, tuple[Card, ...]]] = MappingProxyType(
    {f: tuple(c for c in CATALOGUE if c.faction is f) for f in Faction}
)
ORDER: Final[Callable[[Card], int]] = attrgetter("order")


def card(id_: str) -> Card:
    """The catalogue's card of that id; ``KeyError`` for an id that names no card."""
    try:
        return CARDS[id_]
    except KeyError:
        raise KeyError(f"{id_!r} is not a card of Claim") from None


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=ORDER))


def with_card(pile: tuple[Card, ...], added: Card) -> tuple[Card, ...]:
    """``pile`` (in catalogue order) with ``added`` in its place."""
    at = bisect.bisect(pile, added.order, key=ORDER)
    return (*pile[:at], added, *pile[at:])


def without_card(pile: tuple[Card, ...], removed: Card) -> tuple[Card, ...]:
    at = pile.index(removed)
    return pile[:at] + pile[at + 1 :]


def merged(pile: tuple[Card, ...], added: Iterable[Card]) -> tuple[Card, ...]:
    """``pile`` (in catalogue order) with every card of ``added`` in its place."""
    return tuple(sorted((*pile, *added), key=ORDER))
