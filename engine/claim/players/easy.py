"""The easy computer player: rules of thumb on printed values, ties broken at random.

- play: win with the lowest card that takes first place when the trick is worth
  it (phase 1: a prize of value 5 or more, or an Undead on the table; phase 2:
  always), else play the lowest card; lead the highest card for a good prize or
  in phase 2, the lowest for a poor one;
- discard: the lowest card;
- take: the card of highest value (a Seer winner's peeked top card included);
- loot: any faction offered.
"""

from __future__ import annotations

import random

from engine.claim.actions import DISCARDS, PLAYS, Action, Loot, Take
from engine.claim.cards import Card, Faction
from engine.claim.players.knowledge import griffins, winner_with
from engine.claim.state import Phase, Step
from engine.claim.view import SeatView, legal_in_view

GOOD_PRIZE = 5
"""A phase-1 prize of at least this value is worth winning."""


def decide_easy(seen: SeatView, rng: random.Random) -> Action:
    legal = legal_in_view(seen)
    if len(legal) == 1:
        return legal[0]
    step = seen.step
    if step is Step.LOOT:
        return rng.choice(legal)
    if step is Step.TAKE:
        return max(legal, key=lambda a: (_taken(seen, a), rng.random()))
    if step is Step.DISCARD:
        return DISCARDS[_lowest(seen.hand, rng)]
    cards = [a.card for a in legal if not isinstance(a, (Take, Loot))]
    if seen.phase is Phase.P1:
        wanted = any(c.value >= GOOD_PRIZE for c in seen.prize) or any(
            p.card.faction is Faction.UNDEAD for p in seen.table
        )
    else:
        wanted = True
    if not seen.table:
        pick = _highest(cards, rng) if wanted else _lowest(cards, rng)
        return PLAYS[pick]
    if wanted:
        bonus = griffins(seen)
        winning = [c for c in cards if winner_with(seen, c, bonus) == seen.seat]
        if winning:
            return PLAYS[_lowest(winning, rng)]
    return PLAYS[_lowest(cards, rng)]


def _taken(seen: SeatView, action: Action) -> int:
    assert isinstance(action, Take)
    got = action.card if action.card is not None else seen.peek
    return got.value if got is not None else 0


def _lowest(cards: tuple[Card, ...] | list[Card], rng: random.Random) -> Card:
    return min(cards, key=lambda c: (c.value, rng.random()))


def _highest(cards: tuple[Card, ...] | list[Card], rng: random.Random) -> Card:
    return max(cards, key=lambda c: (c.value, rng.random()))
