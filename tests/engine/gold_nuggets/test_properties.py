"""Properties every game keeps, checked over whole random games (random dice, random choices)."""

from __future__ import annotations

import contextlib
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.gold_nuggets import (
    CENTRE_START,
    EMPTY,
    FACES,
    Action,
    BonusTurn,
    Bust,
    GameOver,
    Phase,
    Roll,
    RulesError,
    SetAside,
    Take,
    Took,
    action_from_json,
    action_to_json,
    apply,
    event_to_json,
    state_from_json,
    state_to_json,
    winners,
)
from engine.gold_nuggets.dice import Counts
from tests.engine import playout
from tests.engine.gold_nuggets.play import GameSpec, Step

games = playout.games(GameSpec, take_chance=st.floats(0.1, 0.9))
whole_games = settings(max_examples=40, deadline=None)


@whole_games
@given(games)
def test_the_77_nuggets_are_always_all_there(game: list[Step]) -> None:
    for step in game:
        assert sum(step.after.nuggets) + step.after.centre == CENTRE_START
        assert min(step.after.nuggets) >= 0


@whole_games
@given(games)
def test_a_take_moves_the_value_capped_by_its_source(game: list[Step]) -> None:
    for step in game:
        for event in step.events:
            if isinstance(event, Took):
                aside = step.before.aside
                expected = aside.nugget + sum(
                    n for n, k in zip((2, 3, 4, 5), aside[2:], strict=True) if k >= 3
                )
                assert event.value == expected == step.before.value
                held = (
                    step.before.centre
                    if event.source is None
                    else step.before.nuggets[event.source]
                )
                assert event.amount == min(event.value, held)
                gained = step.after.nuggets[event.seat] - step.before.nuggets[event.seat]
                assert gained == event.amount


@whole_games
@given(games)
def test_what_is_set_aside_never_shrinks_within_a_turn(game: list[Step]) -> None:
    for step in game:
        if not step.events:
            before, after = step.before.aside, step.after.aside
            assert all(b <= a for b, a in zip(before, after, strict=True))
            assert after.value >= before.value
        if isinstance(step.action, SetAside):
            assert step.after.aside == step.before.aside.plus(step.action.counts)


@whole_games
@given(games)
def test_a_bonus_turn_comes_exactly_after_seven_dice_set_aside(game: list[Step]) -> None:
    for step in game:
        bonus = any(isinstance(e, BonusTurn) for e in step.events)
        seven = step.before.phase is Phase.TAKE and step.after.phase is not Phase.OVER
        assert bonus == seven
        if bonus:
            assert step.after.turn == step.before.turn and step.after.phase is Phase.ROLL
        if isinstance(step.action, SetAside):
            assert (step.after.phase is Phase.TAKE) == (step.after.aside.total == 7)


@whole_games
@given(games)
def test_the_game_ends_exactly_when_the_centre_is_empty(game: list[Step]) -> None:
    for step in game[:-1]:
        assert step.after.centre > 0 and step.after.phase is not Phase.OVER
        assert not any(isinstance(e, GameOver) for e in step.events)
    last = game[-1]
    assert last.after.centre == 0 and last.after.phase is Phase.OVER
    assert isinstance(last.action, Take) and last.action.source is None
    assert last.events[-1] == GameOver(winners(last.after))
    assert last.after.turn == last.before.turn


@whole_games
@given(games)
def test_turns_pass_to_the_next_seat_except_for_a_bonus_turn(game: list[Step]) -> None:
    for step in game:
        ended = any(isinstance(e, Bust | Took) for e in step.events)
        stays = ended and any(isinstance(e, BonusTurn | GameOver) for e in step.events)
        if not ended or stays:
            assert step.after.turn == step.before.turn
        else:
            assert step.after.turn == (step.before.turn + 1) % step.before.players
        if ended:
            assert step.after.aside == EMPTY


@whole_games
@given(games)
def test_states_actions_and_events_survive_a_round_trip_through_json(game: list[Step]) -> None:
    for step in game:
        playout.assert_json_round_trip(step.after, state_to_json, state_from_json)
        action = json.loads(json.dumps(action_to_json(step.action)))
        assert action_from_json(action) == step.action
        for event in step.events:
            assert json.loads(json.dumps(event_to_json(event))) == event_to_json(event)


@whole_games
@given(games, st.randoms(use_true_random=False))
def test_an_illegal_action_raises_and_changes_nothing(game: list[Step], rng: random.Random) -> None:
    for step in game[:: max(1, len(game) // 30)]:
        state = step.before
        snapshot = state_to_json(state)
        attempts: list[Action] = [
            Roll(tuple(rng.choice(FACES) for _ in range(rng.randint(1, 7)))),
            SetAside(Counts(*(rng.randint(0, 3) for _ in FACES))),
            Take(rng.choice([None, -1, 0, 1, 2, 5])),
        ]
        for attempt in attempts:
            with contextlib.suppress(RulesError):
                apply(state, attempt)
            assert state_to_json(state) == snapshot
