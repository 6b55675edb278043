"""The fast policy the hard player's searches play their games out with.

It works on the sampled position itself, not on a view (building a view for
every play would double a playout's cost). It reads what the seat to act may
know (its hand, the table, the prizes, a Seer winner's top card), and, to lead
in phase 2, the opponents' hands of the deal: playing each deal as if its
cards were known is what a search over deals assumes anyway, and leading only
cards that hold makes the playouts' phase 2 much closer to good play.

- phase 1: a prize of value ``WANTED`` or more (or Undead on the table) is
  worth the lowest card that takes first place, otherwise the lowest card goes;
  lead high for a good prize, low for a poor one; take the highest card, discard
  the lowest;
- phase 2: a trick is worth winning unless it holds more Dwarves than other
  cards (Dwarves go to the loser); win it with the lowest card that does, else
  play the lowest card; lead the highest card no opponent can beat, else the
  lowest card;
- loot: the first option.
"""

from __future__ import annotations

from engine.claim.actions import DISCARDS, LOOTS, PLAYS, TAKES, Action
from engine.claim.cards import Card, Faction
from engine.claim.players.knowledge import Griffins, rank
from engine.claim.rules import apply
from engine.claim.state import ClaimState, Phase, Step
from engine.claim.tricks import Played, legal_plays
from engine.claim.units import opponents

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
    bonus = state.griffins()
    if not table:
        return _lead(state, seat, cards, bonus)
    lead = table[0].card.faction
    best = max(rank(p.seat, p.card, lead, bonus) for p in table)
    winning = [c for c in cards if rank(seat, c, lead, bonus) > best]
    if winning:
        low = min(winning, key=_low)
        # The Dwarves go to the loser: a trick of mostly Dwarves is better lost.
        stake = sum(-1 if p.card.faction is Faction.DWARVES else 1 for p in table)
        if stake + (-1 if low.faction is Faction.DWARVES else 1) > 0:
            return low
    return min(cards, key=_low)


def _lead(state: ClaimState, seat: int, cards: tuple[Card, ...], bonus: Griffins) -> Card:
    """The highest card no opponent can beat (the deal's hands are all known here), else the
    lowest card; never a Dwarf to win (it would go to the loser)."""
    rivals = [s for s in opponents(state.players, seat)]
    best: dict[Faction, int] = {}
    for f in {c.faction for c in cards}:
        lead = (Played(seat, next(c for c in cards if c.faction is f)),)
        best[f] = max(
            (rank(s, o, f, bonus) for s in rivals for o in legal_plays(state.hands[s], lead)),
            default=-1,
        )
    sure = [
        c
        for c in cards
        if c.faction is not Faction.DWARVES and rank(seat, c, c.faction, bonus) > best[c.faction]
    ]
    return max(sure, key=_low) if sure else min(cards, key=_low)


def _low(c: Card) -> tuple[int, int]:
    return c.value, c.order
