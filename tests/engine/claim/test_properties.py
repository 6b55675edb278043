"""Properties every game keeps, checked over whole random games of 2, 3 and 4 players with
random faction selections, deals and legal choices."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import fields
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.claim import (
    Action,
    Card,
    ClaimState,
    GameOver,
    InvalidState,
    Phase,
    RulesError,
    SeatView,
    Step,
    action_from_json,
    action_to_json,
    apply,
    event_from_json,
    event_to_json,
    game_cards,
    legal_actions,
    legal_in_view,
    score,
    state_from_json,
    state_to_json,
    time_out_action,
    view,
)
from engine.claim.actions import DISCARDS, LOOTS, PLAYS, TAKES
from tests.engine.claim.play import GameSpec, PlayedGame

games = st.builds(GameSpec, seed=st.integers(0, 2**32), players=st.sampled_from((2, 3, 4))).map(
    GameSpec.play
)
whole_games = settings(max_examples=40, deadline=None)


def every_card(state: ClaimState) -> Iterator[Card]:
    yield from state.deck
    yield from state.prize
    yield from (played.card for played in state.table)
    for piles in (state.hands, state.followers, state.scores, state.gnomes):
        for pile in piles:
            yield from pile
    for pile in (state.trolls, state.discard, state.hidden, state.removed):
        yield from pile


@whole_games
@given(games)
def test_every_card_of_the_game_is_always_somewhere_exactly_once(game: PlayedGame) -> None:
    cards = sorted(game_cards(game.final.factions), key=lambda c: c.order)
    for state in game.states:
        assert sorted(every_card(state), key=lambda c: c.order) == cards


@whole_games
@given(games)
def test_someone_can_always_act_until_the_game_is_over(game: PlayedGame) -> None:
    for state in game.states:
        if state.phase is Phase.OVER:
            assert state.to_act() == ()
            assert all(legal_actions(state, seat) == () for seat in range(state.players))
        else:
            assert state.to_act()
            assert all(legal_actions(state, seat) for seat in state.to_act())
    assert game.final.phase is Phase.OVER
    assert isinstance(game[-1].events[-1], GameOver)
    assert game[-1].events[-1].winners == score(game.final).winners


@whole_games
@given(games)
def test_a_seat_computes_its_legal_actions_from_its_view_alone(game: PlayedGame) -> None:
    for state in game.states:
        for seat in range(state.players):
            assert legal_in_view(view(state, seat)) == legal_actions(state, seat)


EVERY_ACTION: list[Action] = [*PLAYS.values(), *DISCARDS.values(), *TAKES.values()]
EVERY_ACTION += LOOTS.values()


@whole_games
@given(games, st.randoms(use_true_random=False))
def test_apply_accepts_exactly_the_legal_actions(game: PlayedGame, rng: random.Random) -> None:
    for state in game.states[:: max(1, len(game) // 20)]:
        for seat in range(state.players):
            legal = legal_actions(state, seat)
            for action in [*legal, *rng.sample(EVERY_ACTION, 30)]:
                try:
                    apply(state, seat, action)
                except RulesError:
                    assert action not in legal
                else:
                    assert action in legal


@whole_games
@given(games)
def test_the_time_out_action_is_always_legal(game: PlayedGame) -> None:
    for state in game.states:
        for seat in state.to_act():
            assert time_out_action(state, seat) in legal_actions(state, seat)


def known_to(state: ClaimState, seat: int) -> set[Card]:
    """The cards ``seat`` may know: its hand and follower pile, everything face up, and the
    top card when it is the Seer winner deciding whether to take it."""
    known = {*state.hands[seat], *state.followers[seat], *state.prize, *state.trolls}
    known |= {played.card for played in state.table} | set(state.discard)
    for piles in (state.scores, state.gnomes):
        for pile in piles:
            known |= set(pile)
    if None in state.take_options() and state.to_act() == (seat,):
        known.add(state.deck[0])
    return known


def cards_in(value: object) -> Iterator[Card]:
    if isinstance(value, Card):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from cards_in(item)
    elif hasattr(value, "card"):
        yield from cards_in(value.card)


def no_state_in(value: object) -> bool:
    if isinstance(value, ClaimState):
        return False
    if isinstance(value, tuple):
        return all(no_state_in(item) for item in value)
    return True


@whole_games
@given(games)
def test_a_view_holds_no_card_its_seat_may_not_know(game: PlayedGame) -> None:
    # Every seat saw each prize turned up face up and who was handed it.
    revealed: set[Card] = set()
    for state in game.states:
        revealed |= set(state.prize)
        for seat in range(state.players):
            seen = view(state, seat)
            values = [getattr(seen, f.name) for f in fields(SeatView)]
            assert all(no_state_in(value) for value in values)
            assert set(cards_in(tuple(values))) <= known_to(state, seat) | revealed
            secret = {*state.hidden, *state.removed, *state.deck[1:]}
            for other in range(state.players):
                if other != seat:
                    secret |= {*state.hands[other], *state.followers[other]} - revealed
            assert not set(cards_in(tuple(values))) & secret


@whole_games
@given(games)
def test_every_position_reached_reads_back_from_its_json(game: PlayedGame) -> None:
    for state in game.states:
        data = json.loads(json.dumps(state_to_json(state)))
        assert state_from_json(data) == state


@whole_games
@given(games)
def test_actions_and_events_round_trip_through_json(game: PlayedGame) -> None:
    for event in game.dealt:
        assert event_from_json(event_to_json(event)) == event
    for step in game:
        actions: list[Action] = [step.action, *legal_actions(step.before, step.seat)]
        for action in actions:
            assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action
        for event in step.events:
            assert event_from_json(json.loads(json.dumps(event_to_json(event)))) == event


@whole_games
@given(games)
def test_the_numbers_the_state_derives_agree_with_the_events(game: PlayedGame) -> None:
    for step in game:
        before, after = step.before, step.after
        if before.step is Step.PLAY and step.events:
            trick = step.events[0]
            assert getattr(trick, "number", None) == before.trick
        assert before.players == after.players and before.factions == after.factions


def corruptions(data: dict[str, Any], rng: random.Random) -> Iterator[dict[str, Any]]:
    """Changes that no position survives: a card twice, a card lost, an unknown card, a card
    where its faction may not lie, a seat or field out of range."""
    piles = [name for name in ("deck", "discard", "hidden", "prize", "trolls") if data[name]]
    piles += [
        f"{name}.{seat}"
        for name in ("hands", "followers", "scores", "gnomes")
        for seat, held in enumerate(data[name])
        if held
    ]

    def pile(state: dict[str, Any], name: str) -> list[str]:
        field, _, seat = name.partition(".")
        return state[field][int(seat)] if seat else state[field]  # type: ignore[no-any-return]

    def copy() -> dict[str, Any]:
        return json.loads(json.dumps(data))  # type: ignore[no-any-return]

    source = rng.choice(piles)
    twice = copy()
    pile(twice, rng.choice(piles)).append(rng.choice(pile(twice, source)))
    yield twice
    lost = copy()
    taken = pile(lost, source)
    taken.remove(rng.choice(taken))
    yield lost
    unknown = copy()
    named = pile(unknown, source)
    named[rng.randrange(len(named))] = "GOB10"
    yield unknown
    misplaced = copy()
    moved = pile(misplaced, source)
    intruder = next((c for c in moved if not c.startswith("TRO")), None)
    if intruder is not None:
        moved.remove(intruder)
        misplaced["trolls"].append(intruder)
        yield misplaced
    yield {**copy(), "leader": data["players"]}
    yield {**copy(), "players": 5}
    yield {**copy(), "phase": "p3"}
    yield {**copy(), "seer_top": 0}
    yield {**copy(), "loot": [None] * (data["players"] + 1)}
    yield {**copy(), "factions": [*data["factions"], "SEE"]}
    without = copy()
    # The memory may be left out (a position read without it remembers nothing).
    del without[rng.choice([name for name in data if name != "memory"])]
    yield without
    if "memory" in data:
        shown = data["memory"]["shown"]
        held = [seat for seat, cards in enumerate(shown) if cards]
        if held:
            elsewhere = copy()
            seat = rng.choice(held)
            moved = elsewhere["memory"]["shown"]
            moved[(seat + 1) % data["players"]].append(moved[seat].pop())
            yield elsewhere


@whole_games
@given(games, st.randoms(use_true_random=False))
def test_corrupted_positions_are_refused(game: PlayedGame, rng: random.Random) -> None:
    for state in game.states[:: max(1, len(game) // 8)]:
        for bad in corruptions(state_to_json(state), rng):
            with pytest.raises(InvalidState):
                state_from_json(bad)
