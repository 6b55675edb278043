"""The fast policy the hard player's searches play their games out with.

It works on the sampled position itself, not on a view (building a view for
every play would double a playout's cost), but reads only what the seat to act
may know: its hand, the table, the prizes, and a Seer winner's top card.

- phase 1: a prize of value ``WANTED`` or more (or Undead on the table) is
  worth the lowest card that takes first place, otherwise the lowest card goes;
  lead high for a good prize, low for a poor one; take the highest card, discard
  the lowest;
- phase 2: a trick is worth winning unless it holds more Dwarves than other
  cards (Dwarves go to the loser); win it with the lowest card that does, else
  play the lowest card; lead the highest card;
- loot: the first option.
"""

from __future__ import annotations

from engine.claim.actions import DISCARDS, LOOTS, PLAYS, TAKES, Action
from engine.claim.cards import Card, Faction
from engine.claim.players.knowledge import rank
from engine.claim.rules import apply
from engine.claim.state import ClaimState, Phase, Step
from engine.claim.tricks import legal_plays

WANTED = 5
"""A phase-1 prize of at least this value is worth winning."""


def playout(state: ClaimState, until: Phase = Phase.OVER) -> ClaimState:
    """The game played by ``quick`` for every seat until it reaches phase ``until``."""
    while state.phase is not until:
        seat = state.to_act()[0]
        state, _ = apply(state, seat, quick(state, seat))
    return state


def quick(state: ClaimState, seat: int) -> Action:
    step = state.step
    if step is Step.PLAY:
        hand = state.hands[seat]
        table = state.table
        cards = legal_plays(hand, table) if table else hand
        if len(cards) == 1:
            return PLAYS[cards[0]]
        if state.phase is Phase.P1:
            return PLAYS[_first_phase(state, seat, cards)]
        return PLAYS[_second_phase(state, seat, cards)]
    if step is Step.TAKE:
        options = state.take_options()
        if None in options:
            # A Seer winner sees the top card: the rules offer it only while there is one.
            top = state.deck[0]
            return TAKES[max(options, key=lambda c: (top if c is None else c).value)]
        return TAKES[max(options, key=lambda c: -1 if c is None else c.value)]
    if step is Step.DISCARD:
        return DISCARDS[min(state.hands[seat], key=_low)]
    return LOOTS[state.loot_options(seat)[0]]


def _first_phase(state: ClaimState, seat: int, cards: tuple[Card, ...]) -> Card:
    table = state.table
    wanted = state.prize[0].value >= WANTED or any(p.card.faction is Faction.UNDEAD for p in table)
    if not table:
        return max(cards, key=_low) if wanted else min(cards, key=_low)
    if wanted:
        lead = table[0].card.faction
        best = max(rank(p.seat, p.card, lead, None) for p in table)
        winning = [c for c in cards if rank(seat, c, lead, None) > best]
        if winning:
            return min(winning, key=_low)
    return min(cards, key=_low)


def _second_phase(state: ClaimState, seat: int, cards: tuple[Card, ...]) -> Card:
    table = state.table
    if not table:
        return max(cards, key=_low)
    lead = table[0].card.faction
    bonus = state.griffins()
    best = max(rank(p.seat, p.card, lead, bonus) for p in table)
    winning = [c for c in cards if rank(seat, c, lead, bonus) > best]
    if winning:
        low = min(winning, key=_low)
        # The Dwarves go to the loser: a trick of mostly Dwarves is better lost.
        stake = sum(-1 if p.card.faction is Faction.DWARVES else 1 for p in table)
        if stake + (-1 if low.faction is Faction.DWARVES else 1) > 0:
            return low
    return min(cards, key=_low)


def _low(c: Card) -> tuple[int, int]:
    return c.value, c.order
