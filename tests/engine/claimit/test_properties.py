"""Properties every game must keep, checked over whole random games."""

from __future__ import annotations

import contextlib
import pickle
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.claimit import (
    Action,
    Bust,
    GameOver,
    GameState,
    LastRoundCalled,
    Phase,
    Place,
    Placement,
    Roll,
    RulesError,
    Stop,
    Stopped,
    apply,
    event_to_json,
    scores,
    state_from_json,
    state_to_json,
    winners,
)
from tests.engine import playout
from tests.engine.claimit import oracle
from tests.engine.claimit.playout import GameSpec, Step

games = playout.games(GameSpec, variant=st.booleans(), stop_chance=st.floats(0.15, 0.95))
whole_games = settings(max_examples=60, deadline=None)


def board_of(state: GameState) -> dict[str, list[str]]:
    board: dict[str, list[str]] = state_to_json(state)["board"]
    return board


def turn_ended(step: Step) -> bool:
    return any(isinstance(e, Bust | Stopped) for e in step.events)


@whole_games
@given(games)
def test_a_bust_restores_the_board_as_the_turn_found_it(game: list[Step]) -> None:
    turn_start = game[0].before
    for step in game:
        if any(isinstance(e, Bust) for e in step.events):
            assert board_of(step.after) == board_of(turn_start)
        if turn_ended(step):
            turn_start = step.after


@whole_games
@given(games)
def test_no_action_removes_a_claimed_space(game: list[Step]) -> None:
    for step in game:
        before, after = board_of(step.before), board_of(step.after)
        claimed = {name: stack for name, stack in before.items() if stack[-1].startswith("P")}
        claimed = {name: stack for name, stack in claimed.items() if "C" in stack}
        assert all(after[name] == stack for name, stack in claimed.items())


@whole_games
@given(games)
def test_at_most_one_squatter_per_number_and_at_most_30_claim_markers(game: list[Step]) -> None:
    for step in game:
        tokens = Counter(t for stack in board_of(step.after).values() for t in stack)
        assert all(tokens[f"S{n}"] <= 1 for n in range(1, 7))
        assert tokens["C"] <= 30
        assert step.after.claim_supply == 30 - tokens["C"]


@whole_games
@given(games)
def test_no_squatter_or_top_claim_marker_survives_a_turns_end(game: list[Step]) -> None:
    for step in game:
        if turn_ended(step):
            for stack in board_of(step.after).values():
                assert not any(t.startswith("S") for t in stack)
                assert stack[-1] != "C"


@whole_games
@given(games, st.randoms(use_true_random=False))
def test_a_roll_offers_at_most_six_placements(game: list[Step], rng: random.Random) -> None:
    for step in game:
        state = step.before
        if state.phase is Phase.PLACE:
            assert 1 <= len(state.pending_placements()) <= 6
        elif state.phase is Phase.ROLL:
            dice = (rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6))
            assert len(state.legal_placements(dice)) <= len(set(permutations_of(dice)))


def permutations_of(dice: tuple[int, int, int]) -> set[tuple[int, ...]]:
    a, b, c = dice
    return {(a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)}


@whole_games
@given(games)
def test_every_reachable_state_survives_a_round_trip_through_json(game: list[Step]) -> None:
    for step in game:
        playout.assert_json_round_trip(step.after, state_to_json, state_from_json)


@whole_games
@given(games)
def test_every_reachable_state_pickles_as_itself(game: list[Step]) -> None:
    """As it does to be drawn in a picture process."""
    for step in game:
        again = pickle.loads(pickle.dumps(step.after))
        assert again == step.after
        assert state_to_json(again) == state_to_json(step.after)


@whole_games
@given(games)
def test_turns_pass_in_seat_order_and_the_last_round_gives_everyone_one_more_turn(
    game: list[Step],
) -> None:
    players = game[0].before.players
    caller = None
    turns_after_call: list[int] = []
    for step in game:
        if not turn_ended(step):
            assert step.after.turn == step.before.turn
            continue
        seat = step.before.turn
        if caller is not None:
            turns_after_call.append(seat)
        if any(isinstance(e, LastRoundCalled) for e in step.events):
            assert caller is None
            caller = seat
        if step.after.phase is Phase.OVER:
            assert step.after.turn == seat
        else:
            assert step.after.turn == (seat + 1) % players
    assert caller is not None
    assert turns_after_call == [(caller + k) % players for k in range(1, players + 1)]
    final = game[-1]
    assert final.after.phase is Phase.OVER
    assert isinstance(final.events[-1], GameOver)
    assert final.events[-1].winners == winners(scores(final.after))


@whole_games
@given(games)
def test_the_engine_agrees_with_a_naive_reading_of_the_rules(game: list[Step]) -> None:
    for step in game:
        before = state_to_json(step.before)
        table, best = oracle.score(before)
        assert [s[:4] for s in scores(step.before)] == [tuple(s.values()) for s in table]
        assert list(winners(scores(step.before))) == best
        if isinstance(step.action, Roll):
            engine_legal = step.before.legal_placements(step.action.dice)
            assert [p._asdict() for p in engine_legal] == oracle.legal(
                before, list(step.action.dice)
            )
            action_json: dict[str, object] = {"roll": list(step.action.dice)}
        elif isinstance(step.action, Place):
            action_json = {"place": step.action.placement._asdict()}
        else:
            action_json = {"stop": True}
        expected_state, expected_events = oracle.apply(before, action_json)
        assert state_to_json(step.after) == expected_state
        assert [event_to_json(e) for e in step.events] == expected_events


@whole_games
@given(games, st.randoms(use_true_random=False))
def test_a_failing_action_raises_a_rules_error_and_changes_nothing(
    game: list[Step], rng: random.Random
) -> None:
    for step in game[:: max(1, len(game) // 40)]:
        state = step.before
        snapshot = state_to_json(state)
        attempts: list[Action] = [
            Roll((rng.randint(0, 7), rng.randint(1, 6), rng.randint(1, 6))),
            Place(Placement(rng.randint(1, 6), rng.randint(1, 6), rng.choice(["C", "S3"]))),
            Stop(),
        ]
        attempt = rng.choice(attempts)
        with contextlib.suppress(RulesError):
            apply(state, attempt)
        assert state_to_json(state) == snapshot
