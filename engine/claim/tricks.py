"""One trick: what a seat may play, and the places of the cards played (docs/rules/claim.md,
Playing a trick).

These functions see only cards on the table and in a hand, so the rules (on a
whole state) and a seat's view (on what that seat knows) share them and cannot
disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.claim.cards import Card, Faction

Griffins = Sequence[frozenset[int]]
"""Per seat, the values of the Griffins in its score pile (phase 2's +5 bonus)."""

_KNIGHTS_GROUP = 200
_LEAD_GROUP = 100
"""Rank groups as offsets far above any value (at most 12 + 5), so one number sorts."""


@dataclass(frozen=True, slots=True)
class Played:
    """A card on the table and the seat that played it."""

    seat: int
    card: Card


def legal_plays(hand: tuple[Card, ...], table: Sequence[Played]) -> tuple[Card, ...]:
    """The cards of ``hand`` its seat may play on ``table``, in hand order: a seat holding the
    lead faction follows it or plays a Doppelganger; otherwise anything goes."""
    if not table:
        return hand
    lead = table[0].card.faction
    for c in hand:
        if c.faction is lead:
            return tuple(c for c in hand if c.faction is lead or c.faction is Faction.DOPPELGANGERS)
    return hand


def follows(card: Card, hand: Sequence[Card], lead: Faction) -> bool:
    """Whether playing ``card`` from ``hand`` on a ``lead`` trick obeys the following rule."""
    faction = card.faction
    if faction is lead or faction is Faction.DOPPELGANGERS:
        return True
    return all(c.faction is not lead for c in hand)


def griffin_values(scores: Sequence[Sequence[Card]]) -> tuple[frozenset[int], ...]:
    return tuple(
        frozenset(c.value for c in pile if c.faction is Faction.GRIFFINS) for pile in scores
    )


def strength(played: Played, griffins: Griffins | None) -> int:
    """The card's value in the trick: printed, +5 in phase 2 when its player's score pile holds
    a Griffin of that value (house ruling H9: the bonus is a play-strength bonus only)."""
    value = played.card.value
    if griffins is not None and value in griffins[played.seat]:
        return value + 5
    return value


def places_of(table: Sequence[Played], griffins: Griffins | None = None) -> tuple[int, ...]:
    """The seats of ``table`` from first place to last.

    Knights on a Goblin lead rank above everything (H16 for 3-4 players); then
    the lead faction, with any Doppelganger counting as it; then value; then
    the card played earlier."""
    lead = table[0].card.faction
    knights = lead is Faction.GOBLINS
    keys: list[int] = []
    for played in table:
        faction = played.card.faction
        key = strength(played, griffins)
        if knights and faction is Faction.KNIGHTS:
            key += _KNIGHTS_GROUP
        elif faction is lead or faction is Faction.DOPPELGANGERS:
            key += _LEAD_GROUP
        keys.append(key)
    # A stable sort keeps play order among equal keys: the earlier card ranks higher.
    ranked = sorted(range(len(table)), key=keys.__getitem__, reverse=True)
    return tuple(table[i].seat for i in ranked)


def lowest_seat(table: Sequence[Played], griffins: Griffins | None) -> int:
    """The seat of the trick's lowest card (any faction, Griffin bonus included); on equal
    values the one played later: the Dwarves' receiver with 3 or 4 players."""
    seat = table[0].seat
    low = strength(table[0], griffins)
    for played in table[1:]:
        value = strength(played, griffins)
        if value <= low:
            seat, low = played.seat, value
    return seat


def card_of(table: Sequence[Played], seat: int) -> Card:
    """The card ``seat`` played on ``table``."""
    for played in table:
        if played.seat == seat:
            return played.card
    raise LookupError(f"seat {seat} has no card on the table")
