"""A seat's view remembers what every seat saw (``state.Memory``, kept by the rules): the
face-up prizes each seat was handed, where they still lie, and the factions a seat showed
it lacks; never a card drawn face down, never a card of another hand."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine.claim import (
    ClaimState,
    FollowerTaken,
    Phase,
    apply,
    check_state,
    legal_actions,
    state_from_json,
    state_to_json,
    view,
)
from engine.claim.cards import Faction
from engine.claim.players.knowledge import unknown_cards, voids
from engine.claim.players.search import sample_state
from engine.claim.protocol import answer
from tests.engine.claim.play import random_deal

Step = tuple[ClaimState, int, ClaimState, tuple[object, ...]]


def steps(players: int, games: int, seed: int) -> Iterator[Step]:
    """Every action of random games: the position, the seat, the position after, events."""
    rng = random.Random(seed)
    for _ in range(games):
        state, _ = random_deal(players, rng)
        while state.phase is not Phase.OVER:
            seat = rng.choice(state.to_act())
            after, events = apply(state, seat, rng.choice(legal_actions(state, seat)))
            yield state, seat, after, events
            state = after


def test_every_seat_sees_where_each_face_up_prize_went_and_no_card_drawn_face_down() -> None:
    prizes = drawn = 0
    for _, _, after, events in steps(2, games=6, seed=1):
        for event in events:
            if not isinstance(event, FollowerTaken):
                continue
            for seat in range(2):
                shown = view(after, seat).shown
                if after.phase is Phase.P1 or event.card in after.hands[event.seat]:
                    if event.from_deck:
                        assert event.card not in shown[event.seat]
                        drawn += 1
                    else:
                        assert event.card in shown[event.seat]
                        prizes += 1
    assert prizes > 100 and drawn > 100


def test_a_prize_is_remembered_in_its_takers_hand_until_it_is_played() -> None:
    remembered = 0
    for before, seat, after, _ in steps(2, games=6, seed=2):
        if before.phase is not Phase.P2:
            continue
        other = 1 - seat
        held = view(before, other).shown[seat]
        assert set(held) <= set(before.hands[seat])
        # Seen by the other seat, so neither unknown to it nor dealt anywhere else.
        seen = view(before, other)
        assert not set(held) & set(unknown_cards(seen))
        dealt = sample_state(seen, unknown_cards(seen), random.Random(3))
        assert set(held) <= set(dealt.hands[seat])
        played = set(before.hands[seat]) - set(after.hands[seat])
        assert not played & set(view(after, other).shown[seat])
        remembered += len(held)
    assert remembered > 100


def test_a_seat_that_did_not_follow_is_known_to_lack_the_faction_for_the_rest_of_the_phase() -> (
    None
):
    found = 0
    for before, seat, after, _ in steps(2, games=8, seed=4):
        if after.phase is Phase.P2 and before.phase is Phase.P1:
            # Phase 2 brings new hands: nothing is known to be lacking.
            assert not any(view(after, 0).voids)
            continue
        if before.table and before.phase is after.phase:
            lead = before.table[0].card.faction
            played = next(iter(set(before.hands[seat]) - set(after.hands[seat])), None)
            if played is not None and played.faction not in (lead, Faction.DOPPELGANGERS):
                found += 1
                for other in range(2):
                    assert lead in view(after, other).voids[seat]
        for s in range(2):
            lacking = view(after, 1 - s).voids[s]
            assert not any(c.faction in lacking for c in after.hands[s])
            assert voids(view(after, 1 - s)).get(s, frozenset()) >= set(lacking)
    assert found > 20


def test_the_memory_is_kept_in_the_stored_state_and_left_out_of_the_protocol() -> None:
    checked = 0
    for _, _, after, _ in steps(3, games=2, seed=5):
        check_state(after)
        data = state_to_json(after)
        again = state_from_json(data)
        assert again.memory == after.memory
        if "memory" in data:
            checked += 1
            request = {"op": "view", "state": data, "seat": 0}
            assert set(answer(request)["view"]) == set(view_to_protocol())
    assert checked > 10


def test_a_memory_that_holds_nothing_any_more_is_the_new_games_and_reads_back_equal() -> None:
    """A seat that played its last face-up prize leaves nothing remembered: the state is
    then the one its JSON reads back as (hypothesis once found a game where it was not)."""
    emptied = 0
    for before, _, after, _ in steps(2, games=12, seed=141):
        assert state_from_json(state_to_json(after)) == after
        if any(before.memory.shown) and not any(after.memory.shown):
            emptied += 1
            assert after.memory.shown == ()
    assert emptied > 0


def view_to_protocol() -> list[str]:
    """The protocol's view fields (docs/rules/claim.md, View)."""
    return [
        "seat",
        "players",
        "factions",
        "phase",
        "step",
        "to_act",
        "trick",
        "leader",
        "hand",
        "hand_counts",
        "followers",
        "follower_counts",
        "scores",
        "gnomes",
        "trolls",
        "table",
        "prize",
        "deck_count",
        "discard",
        "hidden_count",
        "removed_count",
        "auto",
        "seer_top",
        "loot",
        "peek",
    ]
