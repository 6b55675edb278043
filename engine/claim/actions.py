"""What a seat can do: play a card, discard one (automatic trick), take a phase-1 prize,
choose its loot faction. The seat is passed beside the action, not inside it.

Actions are values: the rules share one instance per card (``PLAYS``,
``DISCARDS``, ``TAKES``) instead of building a new one for every legal move.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from engine.claim.cards import CATALOGUE, Card, Faction


@dataclass(frozen=True, slots=True)
class Play:
    card: Card


@dataclass(frozen=True, slots=True)
class Discard:
    """A card discarded face down in the automatic trick after an Automaton trick."""

    card: Card


@dataclass(frozen=True, slots=True)
class Take:
    """A face-up prize, or None: the top card of the draw pile (a Seer winner's option)."""

    card: Card | None


@dataclass(frozen=True, slots=True)
class Loot:
    """The faction the unit's loot Raccoons count for."""

    faction: Faction


Action = Play | Discard | Take | Loot

PLAYS: Final[Mapping[Card, Play]] = MappingProxyType({c: Play(c) for c in CATALOGUE})
DISCARDS: Final[Mapping[Card, Discard]] = MappingProxyType({c: Discard(c) for c in CATALOGUE})
TAKES: Final[Mapping[Card | None, Take]] = MappingProxyType(
    {None: Take(None), **{c: Take(c) for c in CATALOGUE}}
)
LOOTS: Final[Mapping[Faction, Loot]] = MappingProxyType({f: Loot(f) for f in Faction})
