"""What a seat knows from its view alone: which cards it has not seen, who is known to lack a
faction, who its partner and rivals are, and how strong a card is in a trick.

Everything here reads a ``SeatView``; nothing reads a state. The view remembers what
every seat saw (``SeatView.shown``, ``SeatView.voids``): a face-up prize a seat was handed
is known to lie with it until played, and a seat that played neither the lead faction nor
a Doppelganger on it holds none of the lead faction for the rest of the phase. Nothing
else is inferred; a card never seen face up stays unknown.
"""

from __future__ import annotations

from functools import lru_cache

from engine.claim.cards import Card, Faction
from engine.claim.setup import game_cards
from engine.claim.state import Phase
from engine.claim.tricks import Played, griffin_values, places_of, strength
from engine.claim.units import unit_of
from engine.claim.view import SeatView

Griffins = tuple[frozenset[int], ...] | None
"""Per seat, the Griffin values giving +5 in phase 2 (None when no bonus can apply)."""


@lru_cache(maxsize=256)
def deck_of(factions: tuple[Faction, ...]) -> tuple[Card, ...]:
    """Every card of the game's factions in catalogue order (all 14 Raccoons included)."""
    return game_cards(factions)


def seen_cards(seen: SeatView) -> set[Card]:
    """The cards whose place the seat knows: its own hand and followers, every public pile,
    the table, the prizes and a Seer's peek."""
    known: set[Card] = set(seen.hand)
    known.update(seen.followers)
    for pile in seen.scores:
        known.update(pile)
    for pile in seen.gnomes:
        known.update(pile)
    known.update(seen.trolls)
    known.update(p.card for p in seen.table)
    known.update(seen.prize)
    known.update(seen.discard)
    for pile in seen.shown:
        known.update(pile)
    if seen.peek is not None:
        known.add(seen.peek)
    return known


def unknown_cards(seen: SeatView) -> tuple[Card, ...]:
    """The cards the seat has not seen where they are, in catalogue order: the other hands
    and follower piles (but the face-up prizes they were handed), the draw pile (but a
    peeked top), the face-down discards and the removed Raccoons share them out."""
    known = seen_cards(seen)
    return tuple(c for c in deck_of(seen.factions) if c not in known)


def voids(seen: SeatView) -> dict[int, frozenset[Faction]]:
    """Seats known to hold none of some factions, with those factions: they played
    something else on their lead in this phase (the view's memory), or on the trick on the
    table (a view read without its memory still shows that)."""
    found = {seat: set(factions) for seat, factions in enumerate(seen.voids) if factions}
    table = seen.table
    if table:
        lead = table[0].card.faction
        for p in table[1:]:
            if p.card.faction is not lead and p.card.faction is not Faction.DOPPELGANGERS:
                found.setdefault(p.seat, set()).add(lead)
    return {seat: frozenset(factions) for seat, factions in found.items()}


def is_friend(seen: SeatView, seat: int) -> bool:
    return unit_of(seen.players, seat) == unit_of(seen.players, seen.seat)


def griffins(seen: SeatView) -> Griffins:
    """The Griffin bonus values per seat, in phase 2 with Griffins only."""
    if seen.phase is Phase.P2 and Faction.GRIFFINS in seen.factions:
        return griffin_values(seen.scores)
    return None


def winner_with(seen: SeatView, c: Card, bonus: Griffins) -> int:
    """The seat in first place if this seat put ``c`` on the table now."""
    return places_of((*seen.table, Played(seen.seat, c)), bonus)[0]


def power(seat: int, c: Card, bonus: Griffins) -> int:
    """``c``'s strength in ``seat``'s hand: its value, +5 with a matching Griffin."""
    return strength(Played(seat, c), bonus)


def rank(seat: int, c: Card, lead: Faction, bonus: Griffins) -> int:
    """The key ``places_of`` ranks ``c`` by on a ``lead`` trick: Knights on Goblins above
    everything, then the lead faction and Doppelgangers, then the strength; a later card
    must have a greater key to take first place."""
    key = power(seat, c, bonus)
    faction = c.faction
    if lead is Faction.GOBLINS and faction is Faction.KNIGHTS:
        return key + 200
    if faction is lead or faction is Faction.DOPPELGANGERS:
        return key + 100
    return key


def chance_none(pool: int, drawn: int, marked: float) -> float:
    """The chance that ``drawn`` cards dealt from ``pool`` hold none of ``marked`` ones."""
    if marked <= 0 or drawn <= 0:
        return 1.0
    chance = 1.0
    left = float(pool)
    for _ in range(drawn):
        if left <= 0:
            break
        chance *= max(0.0, (left - marked) / left)
        left -= 1
    return chance
