"""What follower piles are worth for phase 2: a model of who wins each faction, fitted on the
phase-2 starts and results of 40,000 two-player games between normal players.

For each faction the chance that a unit wins it against its rival is the
logistic of a sum of the unit's terms less the rival's (``Coefficients``):
each card held counts ``card + strength * place`` (its place among the
faction's values, 0 for the lowest, 1 for the highest: low cards are captured
by higher ones, so most factions' low cards count against their holder, and
low Dwarves, which come back to the trick's loser, count for it), holding the
highest card counts ``top``, each card already scored (Undead from phase 1)
``scored``, the faction's own feature ``ability`` (Knights for the Goblins,
Giants for the Gnomes, Peasants a King keeps, Vikings in a pair, the Bards'
longest run) and each Doppelganger held ``doppelganger``. The model predicts
the winner of a faction about four times in five.

How it was fitted (once; the numbers below are its result): 40,000 seeded
games with random factions, both seats normal, recorded at the start of
phase 2 (hands, score piles) with the winner of each faction at the end; each
faction's record seen from both seats (features negated, outcome flipped), a
faction nobody won left out; one logistic regression per faction without
intercept (the model is symmetric), L2 penalty 1, by Newton's method.

The hard player judges the end of phase 1 in its sampled deals with it; the
normal player values prizes by how much they move the chance it gives.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType
from typing import Final

from engine.claim.cards import FACTION_CARDS, Card, Faction
from engine.claim.scoring import longest_run


@dataclass(frozen=True, slots=True)
class Coefficients:
    card: float
    strength: float
    top: float
    scored: float
    ability: float
    doppelganger: float


COEFFICIENTS: Final[Mapping[Faction, Coefficients]] = MappingProxyType(
    {
        Faction.AUTOMATONS: Coefficients(-0.42, 1.57, 0.74, 0.00, 0.00, 0.21),
        Faction.BARDS: Coefficients(-0.28, 1.25, 0.52, 0.00, -0.11, 0.12),
        Faction.DOPPELGANGERS: Coefficients(-0.15, 1.76, 0.98, 0.00, 0.00, 0.00),
        Faction.DRAGONS: Coefficients(0.13, 1.02, 1.03, 0.00, 0.00, 0.64),
        Faction.DWARVES: Coefficients(1.23, -1.47, 0.00, 0.00, 0.00, 0.18),
        Faction.GIANTS: Coefficients(-0.39, 1.45, 0.92, 0.00, 0.00, 0.38),
        Faction.GNOMES: Coefficients(-0.33, 1.24, 0.41, 0.00, 0.05, 0.25),
        Faction.GOBLINS: Coefficients(-0.60, 0.95, 0.67, 0.00, 0.17, -0.04),
        Faction.GRIFFINS: Coefficients(-0.48, 1.60, 0.74, 0.00, 0.00, 0.27),
        Faction.KINGS: Coefficients(-0.35, 1.42, 0.67, 0.00, 0.00, 0.21),
        Faction.KNIGHTS: Coefficients(0.10, 1.53, 1.11, 0.00, 0.00, 0.26),
        Faction.PEASANTS: Coefficients(-0.07, -0.11, 0.11, 0.00, 0.31, 0.10),
        Faction.RACCOONS: Coefficients(-0.98, 1.68, 0.85, 0.00, 0.00, 0.03),
        Faction.SEERS: Coefficients(-0.47, 1.56, 0.71, 0.00, 0.00, 0.19),
        Faction.TROLLS: Coefficients(-0.31, 1.06, 0.84, 0.00, 0.00, 0.24),
        Faction.UNDEAD: Coefficients(-0.42, 1.35, 0.85, 0.65, 0.00, 0.21),
        Faction.VIKINGS: Coefficients(-0.40, 1.41, 0.48, 0.00, 0.09, 0.17),
    }
)

HELPER: Final[Mapping[Faction, Faction]] = MappingProxyType(
    {Faction.GOBLINS: Faction.KNIGHTS, Faction.GNOMES: Faction.GIANTS}
)
"""A faction whose count is another faction's ability: Knights beat Goblins, Giants smash
Gnomes."""


@cache
def card_term(c: Card) -> float:
    """What holding ``c`` adds to its faction's logit."""
    cards = FACTION_CARDS[c.faction]
    low = cards[0].value
    high = cards[-1].value
    coef = COEFFICIENTS[c.faction]
    return coef.card + coef.strength * (c.value - low) / (high - low)


@dataclass(slots=True)
class Holding:
    """One unit's terms of every faction's logit, from its cards to play in phase 2 (the
    follower piles) and its score piles."""

    terms: dict[Faction, float] = field(default_factory=dict)
    """Each faction's card terms, with the scored cards and the ability."""
    top: dict[Faction, int] = field(default_factory=dict)
    """The highest value held of each faction."""
    doppelgangers: int = 0


def holding(cards: Iterable[Card], scored: Iterable[Card]) -> Holding:
    held = list(cards)
    found = Holding()
    terms = found.terms
    top = found.top
    for c in held:
        f = c.faction
        terms[f] = terms.get(f, 0.0) + card_term(c)
        if c.value > top.get(f, -1):
            top[f] = c.value
        if f is Faction.DOPPELGANGERS:
            found.doppelgangers += 1
    for c in scored:
        f = c.faction
        terms[f] = terms.get(f, 0.0) + COEFFICIENTS[f].scored
    for f, ability in _abilities(held).items():
        terms[f] = terms.get(f, 0.0) + COEFFICIENTS[f].ability * ability
    return found


def _abilities(held: Sequence[Card]) -> dict[Faction, float]:
    counts: dict[Faction, int] = {}
    for c in held:
        counts[c.faction] = counts.get(c.faction, 0) + 1
    found: dict[Faction, float] = {}
    for f, helper in HELPER.items():
        if counts.get(helper):
            found[f] = counts[helper]
    if counts.get(Faction.PEASANTS):
        kings = [c.value for c in held if c.faction is Faction.KINGS]
        found[Faction.PEASANTS] = sum(
            1
            for c in held
            if c.faction is Faction.PEASANTS and any(c.value <= k <= c.value + 3 for k in kings)
        )
    if counts.get(Faction.VIKINGS):
        values: dict[int, int] = {}
        for c in held:
            values[c.value] = values.get(c.value, 0) + 1
        found[Faction.VIKINGS] = sum(
            1 for c in held if c.faction is Faction.VIKINGS and values[c.value] >= 2
        )
    if counts.get(Faction.BARDS):
        found[Faction.BARDS] = longest_run({c.value for c in held if c.faction is Faction.BARDS})
    return found


def logit(faction: Faction, mine: Holding, theirs: Holding) -> float:
    """The log-odds that the unit of ``mine`` wins ``faction`` against that of ``theirs``."""
    coef = COEFFICIENTS[faction]
    value = mine.terms.get(faction, 0.0) - theirs.terms.get(faction, 0.0)
    a = mine.top.get(faction, -1)
    b = theirs.top.get(faction, -1)
    value += coef.top * ((a > b) - (a < b))
    if faction is not Faction.DOPPELGANGERS:
        value += coef.doppelganger * (mine.doppelgangers - theirs.doppelgangers)
    return value


def sigmoid(x: float) -> float:
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def majority(chances: Sequence[float]) -> float:
    """The chance of winning more than half of the factions, each won with its own chance."""
    dist = [1.0]
    for p in chances:
        dist = [a * (1 - p) + (dist[i - 1] * p if i else 0.0) for i, a in enumerate([*dist, 0.0])]
    return sum(dist[len(chances) // 2 + 1 :])


def pivots(chances: Sequence[float]) -> list[float]:
    """For each faction, the chance that the others split so that it decides the majority."""
    need = len(chances) // 2
    found = []
    for index in range(len(chances)):
        dist = [1.0]
        for other, p in enumerate(chances):
            if other != index:
                dist = [
                    a * (1 - p) + (dist[i - 1] * p if i else 0.0)
                    for i, a in enumerate([*dist, 0.0])
                ]
        found.append(dist[need])
    return found


def standing(factions: Sequence[Faction], mine: Holding, rivals: Sequence[Holding]) -> float:
    """How good the unit of ``mine`` stands against ``rivals``: against one rival, its chance
    of winning most factions; against several, the share of factions it is expected to win
    against all of them."""
    if len(rivals) == 1:
        return majority([sigmoid(logit(f, mine, rivals[0])) for f in factions])
    total = 0.0
    for f in factions:
        chance = 1.0
        for rival in rivals:
            chance *= sigmoid(logit(f, mine, rival))
        total += chance
    return total / len(factions)
