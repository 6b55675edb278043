"""Each card's luck in a game of Claim, for each seat, in chance to win (``win_chance``),
weighed from what the seat could see, after GNU Backgammon's luck: the seat's chance after
the card came less its chance averaged over the cards that could have come instead.

The chance events, found by replaying the game:

- the deal (move -1, kind ``deal``), one per seat, lucky for that seat alone: its chance
  with the hand it was dealt less its chance with a hand dealt at random from the cards it
  had not seen and its own;
- each prize turned up (kind ``prize``, the seat to lead the trick; the first trick's at
  the deal, move -1), lucky for every seat;
- each card drawn face down from the draw pile (kind ``draw``), lucky for the drawer alone:
  the others never see it.

A seat's luck in an event is estimated over ``DEALS`` deals of the cards it has not seen,
consistent with its view after the event (``players.search.sample_state``). Each deal is
valued twice: as dealt, and with the card (or hand) that came swapped with cards from
places chosen at random among those the seat could not see (a partial Fisher-Yates
shuffle, so the swapped deal is a deal of the cards the seat had not seen then, drawn
alike). The two differ by the card alone, so much of the luck of the rest of the deal cancels
out (common random numbers); the removed Raccoons stay where the deal put them (a face-up
card could never have been one of them but a Raccoon, and then with other odds), and a
hand known to lack a faction is left out. Nothing of a card the seat had not seen is read:
the view is the seat's, and the swap is among the places it cannot see.

Each event's deals come from the game's seed, the event's index and the seat alone, so
events may be weighed in any order or process. The sampling error, measured by weighing
12 games of the computer players (normal against easy, 2 to 4 seats) with two seeds: one
event's luck for one seat has a standard error of 2.5 points of win chance, a seat's luck
summed over a game 8.5 points (the sum of some 25 to 40 events' errors). Over those games
the prizes' luck averaged 0.1 points (± 0.2, 392 events and seats); over 80 fresh deals
(239 seats) the deals' luck averaged 0.0 points (± 0.5) and the first prizes' 0.5
(± 0.3). A whole game's luck takes 2.4 seconds of one core (the median; 2.4 the
longest).

Luck and the judge's costs are one chain of values: both are ``win_chance.dealt`` over
deals of the seat's view, so a seat's value after a card less its value before it is the
card's luck (the swapped deals' average standing in for the value before: the same in
expectation). What the chain leaves by construction (``engine.ledger``; each measured by
``bench.claim_ledger``): the sampling error (above); a rival's deal and draws, lucky for
it alone, which reach the seat's value only as the rival's cards show them (the seat's
"learnt"); and the jump at phase 2's start, where the luck of the last trick's cards is
weighed by phase 2's playouts and the phase-1 choices before it by the fitted model."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine.chance_luck import EventLuck
from engine.claim.actions import Action
from engine.claim.cards import Card, sort_cards
from engine.claim.judge import replayed
from engine.claim.players.knowledge import seen_cards, unknown_cards, voids
from engine.claim.players.search import sample_state
from engine.claim.rules import apply
from engine.claim.state import ClaimState, evolve
from engine.claim.view import SeatView, view
from engine.claim.win_chance import dealt

DEALS: Final = 48
"""Paired deals per event and seat. A deal's two values share the rest of the deal but
not the play after it (one card changed sends the fast policy's play elsewhere), so the
pairing halves the noise, no more; more swaps per deal cost as much as more deals and
remove less."""

Place = tuple[str, int, int]
"""Where a card lies in a state: a pile's name, the seat (0 for a shared pile), the index."""


@dataclass(frozen=True)
class _Event:
    move: int
    seat: int
    kind: str
    after: ClaimState
    lucky: tuple[int, ...]
    """The seats whose luck it is."""
    came: tuple[Card, ...]
    """The cards that came (a dealt hand, the prizes, a drawn card)."""
    known: tuple[frozenset[Card], ...]
    """Per seat, the cards it had seen before the event (a Seer winner's peek at the top
    card): no luck of its own when they come."""


def card_luck(
    start: ClaimState, actions: Sequence[Action], seed: int, part: int = 0, parts: int = 1
) -> list[EventLuck]:
    """Every chance event of the game replayed from ``start`` (its deal) by ``actions``, in
    the order they came, with each seat's luck in it; the same for the same ``seed``. With
    ``parts``, only the events whose place in that order is ``part`` modulo ``parts``: the
    parts interleaved are the whole."""
    found = []
    events = _events(start, actions)
    for index in range(part, len(events), parts):
        event = events[index]
        luck = tuple(
            _luck(event, seat, random.Random(f"claim-luck:{seed}:{index}:{seat}"))
            if seat in event.lucky
            else 0.0
            for seat in range(start.players)
        )
        found.append(EventLuck(event.move, event.seat, event.kind, luck))
    return found


def _events(start: ClaimState, actions: Sequence[Action]) -> list[_Event]:
    everyone = tuple(range(start.players))
    nothing = tuple(frozenset[Card]() for _ in everyone)
    found = [_Event(-1, s, "deal", start, (s,), start.hands[s], nothing) for s in everyone]
    if start.prize:
        found.append(_Event(-1, start.leader, "prize", start, everyone, start.prize, nothing))
    for move, (before, seat) in enumerate(replayed(start, actions)):
        after, _ = apply(before, seat, actions[move])
        revealed = tuple(c for c in after.prize if c not in before.prize)
        # A drawn card left the draw pile for a follower pile, or for a hand where the
        # last trick's hand-out makes the follower piles the hands of phase 2.
        left = set(before.deck) - set(after.deck) - set(revealed)
        drawn = [left & (set(after.followers[s]) | set(after.hands[s])) for s in everyone]
        if not revealed and not any(drawn):
            continue
        known = tuple(frozenset(seen_cards(view(before, s))) for s in everyone)
        for s in everyone:
            if drawn[s]:
                cards = tuple(sort_cards(drawn[s]))
                found.append(_Event(move, s, "draw", after, (s,), cards, known))
        if revealed:
            found.append(_Event(move, after.leader, "prize", after, everyone, revealed, known))
    return found


def _luck(event: _Event, seat: int, rng: random.Random) -> float:
    """``seat``'s luck in ``event``: over ``DEALS`` deals of what it had not seen, the
    deal's worth less the same deal's with the cards that came swapped among the places
    the seat could not see."""
    came = [c for c in event.came if c not in event.known[seat]]
    if not came:
        return 0.0
    seen = view(event.after, seat)
    unknown = unknown_cards(seen)
    total = 0.0
    for _ in range(DEALS):
        state = sample_state(seen, unknown, rng)
        total += dealt(state, seat) - dealt(_swapped(state, seen, came, rng), seat)
    return total / DEALS


def _swapped(
    state: ClaimState, seen: SeatView, came: Sequence[Card], rng: random.Random
) -> ClaimState:
    """``state`` with each card of ``came`` swapped with the card at a place drawn at random
    among the places ``seen`` does not show and those of ``came`` not yet drawn for: a
    partial Fisher-Yates shuffle, so ``came``'s places get a random draw of those cards."""
    piles: dict[str, list[list[Card]]] = {
        "hands": [list(hand) for hand in state.hands],
        "followers": [list(pile) for pile in state.followers],
        "hidden": [list(state.hidden)],
        "deck": [list(state.deck)],
        "prize": [list(state.prize)],
    }
    slots = [_place(piles, c) for c in came]
    pool = slots + _hidden_places(piles, seen)
    for i in range(len(slots)):
        j = rng.randrange(i, len(pool))
        (a, sa, ia), (b, sb, ib) = pool[i], pool[j]
        piles[a][sa][ia], piles[b][sb][ib] = piles[b][sb][ib], piles[a][sa][ia]
    return evolve(
        state,
        hands=tuple(sort_cards(hand) for hand in piles["hands"]),
        followers=tuple(sort_cards(pile) for pile in piles["followers"]),
        hidden=sort_cards(piles["hidden"][0]),
        deck=tuple(piles["deck"][0]),
        prize=tuple(piles["prize"][0]),
    )


def _place(piles: dict[str, list[list[Card]]], c: Card) -> Place:
    return next(
        (name, seat, pile.index(c))
        for name, seats in piles.items()
        for seat, pile in enumerate(seats)
        if c in pile
    )


def _hidden_places(piles: dict[str, list[list[Card]]], seen: SeatView) -> list[Place]:
    """The places ``seen`` shows no card at: other seats' hands (but one known to lack
    a faction) and follower piles, but the face-up prizes they were handed, the face-down
    discards, the draw pile (but a peeked top card)."""
    lacking = voids(seen)
    others = [s for s in range(seen.players) if s != seen.seat]
    found: list[Place] = [
        ("hands", s, i)
        for s in others
        if s not in lacking
        for i, c in enumerate(piles["hands"][s])
        if c not in seen.shown[s]
    ]
    found += [
        ("followers", s, i)
        for s in others
        for i, c in enumerate(piles["followers"][s])
        if c not in seen.shown[s]
    ]
    found += [("hidden", 0, i) for i in range(len(piles["hidden"][0]))]
    found += [("deck", 0, i) for i in range(seen.peek is not None, len(piles["deck"][0]))]
    return found
