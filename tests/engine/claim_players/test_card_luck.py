"""Each card's luck (``engine.claim.card_luck``): every chance event of a game found, its
luck for a seat weighed from that seat's view alone (the swap test), averaging zero over
the cards that could have come, and the same for the same seed."""

from __future__ import annotations

import math
import statistics

from engine.claim import ClaimState
from engine.claim.card_luck import card_luck
from engine.claim.cards import Card, Faction, sort_cards
from engine.claim.players.knowledge import unknown_cards
from engine.claim.state import evolve
from engine.claim.view import view
from tests.engine.claim_players.test_judge import recorded

EVENT_ERROR = 0.03
"""One event's luck for one seat: its standard error, as ``card_luck`` states it."""


def test_a_game_has_a_deal_per_seat_a_prize_per_trick_and_a_draw_per_loser() -> None:
    start, actions = recorded(2, 5)
    events = card_luck(start, actions, 1)
    assert [(e.move, e.seat, e.kind) for e in events[:2]] == [(-1, 0, "deal"), (-1, 1, "deal")]
    assert all(e.luck[1 - e.seat] == 0.0 for e in events if e.kind in ("deal", "draw"))
    assert sum(e.kind == "prize" for e in events) == 13
    assert sum(e.kind == "draw" for e in events) == 13
    assert all(e.move >= 0 for e in events[3:])
    assert [e.move for e in events] == sorted(e.move for e in events)


def test_the_same_seed_gives_the_same_luck_and_another_seed_other_luck() -> None:
    start, actions = recorded(3, 2)
    first = card_luck(start, actions[:12], 7)
    assert card_luck(start, actions[:12], 7) == first
    assert card_luck(start, actions[:12], 8) != first


def test_the_parts_of_a_game_s_luck_interleaved_are_its_whole() -> None:
    start, actions = recorded(3, 4)
    whole = card_luck(start, actions[:12], 7)
    parts = [card_luck(start, actions[:12], 7, part, 3) for part in range(3)]
    assert [len(part) for part in parts] == [len(whole[p::3]) for p in range(3)]
    assert [parts[i % 3][i // 3] for i in range(len(whole))] == whole


def test_cards_a_seat_had_not_seen_lying_elsewhere_change_none_of_its_luck() -> None:
    start, actions = recorded(2, 3)
    # The draw pile's last two cards come in phase 1's last trick: until then nobody has
    # seen them, and the game plays the same whichever of them lies where.
    *rest, one, two = start.deck
    swapped = evolve(start, deck=(*rest, two, one))
    assert card_luck(swapped, actions[:14], 3) == card_luck(start, actions[:14], 3)
    # Seat 1's hand against a card of the draw pile: seat 0 saw neither.
    hand = list(start.hands[1])
    hand[0], deck = rest[-1], (*rest[:-1], hand[0], one, two)
    other = evolve(start, hands=(start.hands[0], sort_cards(hand)), deck=deck)
    theirs, mine = card_luck(other, [], 3), card_luck(start, [], 3)
    assert [e.luck[0] for e in theirs] == [e.luck[0] for e in mine]
    assert theirs[1].luck[1] != mine[1].luck[1]


def test_a_prize_is_as_lucky_as_unlucky_over_the_cards_it_could_have_been() -> None:
    start = no_raccoons()
    prize = start.prize[0]
    could = unknown_cards(view(start, 0))
    lucks = []
    for other in could:
        lucks.append(prize_luck(exchanged(start, prize, other)))
    lucks.append(prize_luck(start))
    assert statistics.stdev(lucks) > EVENT_ERROR
    assert abs(statistics.mean(lucks)) < 2.5 * EVENT_ERROR / math.sqrt(len(lucks))


def no_raccoons() -> ClaimState:
    """A deal without Raccoons: every card a seat has not seen may lie at any place."""
    for seed in range(50):
        start, _ = recorded(2, seed)
        if Faction.RACCOONS not in start.factions:
            return start
    raise AssertionError("no game without Raccoons")


def prize_luck(start: ClaimState) -> float:
    """Seat 0's luck in the first prize, turned up at the deal."""
    events = card_luck(start, [], 11)
    return next(e.luck[0] for e in events if e.kind == "prize")


def exchanged(state: ClaimState, one: Card, other: Card) -> ClaimState:
    """``state`` with two cards' places exchanged."""

    def swap(pile: tuple[Card, ...]) -> tuple[Card, ...]:
        return tuple(other if c == one else one if c == other else c for c in pile)

    return evolve(
        state,
        hands=tuple(sort_cards(swap(hand)) for hand in state.hands),
        deck=swap(state.deck),
        prize=swap(state.prize),
    )
