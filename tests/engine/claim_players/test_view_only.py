"""The computer players decide from a seat's view and nothing else: the same view gives the
same action whatever lies hidden behind it, and nothing they are given leads to the state."""

from __future__ import annotations

import dataclasses
import gc
import inspect
import random
import typing
from collections.abc import Iterator

import pytest

from engine.claim import (
    Action,
    Card,
    ClaimState,
    Faction,
    Phase,
    SeatView,
    check_state,
    players,
    view,
)
from engine.claim.players import Level, decide
from tests.engine.claim_players.positions import random_positions


def rehidden(state: ClaimState, seat: int, rng: random.Random) -> ClaimState:
    """``state`` with everything ``seat`` cannot see dealt again: the other hands and follower
    piles (but the face-up prizes every seat saw them handed), the draw pile (a top card the
    seat peeks at stays), the face-down discards and the removed Raccoons (Raccoons still),
    a seat known to lack a faction (it did not follow it, this trick or earlier in the
    phase) still without it."""
    others = [s for s in range(state.players) if s != seat]
    peek = view(state, seat).peek
    memory = state.memory
    shown = {c for s in others for c in memory.shown_by(s)}
    deck = list(state.deck[1:] if peek is not None else state.deck)
    pool = [c for s in others for c in (*state.hands[s], *state.followers[s]) if c not in shown]
    pool += [*deck, *state.hidden, *state.removed]
    rng.shuffle(pool)
    removed = [c for c in pool if c.faction is Faction.RACCOONS][: len(state.removed)]
    pool = [c for c in pool if c not in removed]
    lead = state.table[0].card.faction if state.table else None
    void = {s: set(memory.voids_of(s)) for s in others}
    for p in state.table[1:]:
        if p.card.faction is not lead and p.card.faction is not Faction.DOPPELGANGERS:
            assert lead is not None
            void[p.seat].add(lead)
    in_hand = state.phase is not Phase.P1
    hands = list(state.hands)
    # Several seats lacking several factions: deal again until every one is met.
    start = list(pool)
    while True:
        pool = list(start)
        for s in sorted(others, key=lambda s: -len(void[s])):
            kept = memory.shown_by(s) if in_hand else ()
            size = len(state.hands[s]) - len(kept)
            dealt = [c for c in pool if c.faction not in void[s]][:size]
            pool = [c for c in pool if c not in dealt]
            hands[s] = _sorted([*kept, *dealt])
        if all(len(hands[s]) == len(state.hands[s]) for s in others):
            break
        rng.shuffle(start)
    followers = list(state.followers)
    for s in others:
        kept = () if in_hand else memory.shown_by(s)
        size = len(state.followers[s]) - len(kept)
        followers[s], pool = _sorted([*kept, *pool[:size]]), pool[size:]
    hidden, pool = _sorted(pool[: len(state.hidden)]), pool[len(state.hidden) :]
    new_deck = tuple(pool) if peek is None else (peek, *pool)
    return dataclasses.replace(
        state,
        hands=tuple(hands),
        followers=tuple(followers),
        deck=new_deck,
        hidden=hidden,
        removed=_sorted(removed),
    )


def _sorted(cards: list[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.order))


def positions(players: int, every: int) -> Iterator[tuple[ClaimState, int]]:
    for n, found in enumerate(random_positions(players, games=3, seed=40 + players)):
        if n % every == 0:
            yield found


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.usefixtures("light_search")
def test_the_same_view_gives_the_same_action_whatever_is_hidden(players: int) -> None:
    rng = random.Random(players)
    changed = 0
    for state, seat in positions(players, every=7):
        other = rehidden(state, seat, rng)
        check_state(other)
        changed += other != state
        seen = view(state, seat)
        assert view(other, seat) == seen
        for level in Level:
            first = decide(seen, level, random.Random(7))
            assert decide(view(other, seat), level, random.Random(7)) == first
    assert changed >= 5


def test_decide_is_given_a_view_and_no_state() -> None:
    hints = typing.get_type_hints(decide)
    assert hints == {"view": SeatView, "level": Level, "rng": random.Random, "return": Action}
    for name in players.__all__:
        public = getattr(players, name)
        if inspect.isfunction(public):
            assert ClaimState not in typing.get_type_hints(public).values()
    for field in dataclasses.fields(SeatView):
        assert "ClaimState" not in str(field.type)


def test_a_view_holds_no_reference_to_its_state() -> None:
    for state, seat in positions(3, every=5):
        reached = list(_reachable(view(state, seat)))
        assert any(isinstance(found, Card) for found in reached)
        assert not any(isinstance(found, ClaimState) for found in reached)


def _reachable(start: object) -> Iterator[object]:
    """Everything a view leads to through its own values (cards and factions are catalogue
    constants, not followed further)."""
    todo = [start]
    done: set[int] = set()
    while todo:
        item = todo.pop()
        if id(item) in done:
            continue
        done.add(id(item))
        yield item
        followed = isinstance(item, (tuple, list)) or dataclasses.is_dataclass(item)
        if followed and not isinstance(item, (Card, type)):
            todo.extend(gc.get_referents(item))
