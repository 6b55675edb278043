"""Each roll's luck in chance to win: the chance after it less the chance before, its
average over the 216 rolls the model's drift,
the roll that decided a game its luckiest, and a luck-adjusted result that averages the
results of games between two hard players."""

from __future__ import annotations

import math
import random
from itertools import product

import pytest

from engine.claimit import Action, GameState, Phase, Place, Placement, Roll, Stop, apply
from engine.claimit.bots import Level, action_of, decide
from engine.claimit.roll_luck import drift, roll_luck
from engine.claimit.win_chance import chances
from tests.engine.claimit.positions import EXAMPLE_4_BOARD, claimed_row, position

EVERY_ROLL = list(product(range(1, 7), repeat=3))

LAST_TURNS = {
    **claimed_row(0, 1, range(1, 6)),
    **claimed_row(1, 6, range(1, 5)),
    "5,6": ["P1"],
    "6,6": ["P1"],
    "6,4": ["P1"],
}
"""Seat 1 holds row 6 (a mine of 6, 4 claims); seat 0 a mine of 5 (5 claims) on row 1,
short of 6,1: a squatter there (a roll with a 6 and a 1, 30 of 216) makes a mine of 6 with
more claims, the win; anything else loses."""


@pytest.mark.parametrize(
    "state",
    [
        position(EXAMPLE_4_BOARD, players=3),
        position(LAST_TURNS, last_round={"caller": 1, "turns_left": 1}),
        position(LAST_TURNS, turn=1, last_round={"caller": 0, "turns_left": 2}),
        position({**claimed_row(0, 1, range(1, 4)), "6,6": ["P1"]}),
    ],
    ids=["mid-turn, 3 players", "the last turn", "the last round", "early"],
)
def test_a_rolls_luck_is_the_chance_after_it_less_the_chance_before(state: GameState) -> None:
    # A turn's start: its chance is the roll's, so a roll's luck is the chances' change.
    before = chances(state)
    lucks = []
    for dice in EVERY_ROLL[::7]:
        (event,) = roll_luck(state, [Roll(dice)])
        after = chances(apply(state, Roll(dice)).state)
        assert event.luck == pytest.approx(
            tuple(a - b for a, b in zip(after, before, strict=True)), abs=1e-12
        )
        assert abs(sum(event.luck)) < 1e-12
        lucks.append(event.luck)
    assert any(abs(luck[state.turn]) > 0.01 for luck in lucks), "the rolls differ"


def test_the_model_drifts_over_the_216_rolls_by_what_drift_measures() -> None:
    state = position({**claimed_row(0, 1, range(1, 4)), "6,6": ["P1"]})
    lucks = [roll_luck(state, [Roll(dice)])[0].luck for dice in EVERY_ROLL]
    mean = tuple(math.fsum(luck[seat] for luck in lucks) / 216 for seat in (0, 1))
    assert mean == pytest.approx(drift(state), abs=1e-12)
    assert abs(mean[0]) < 0.15 and mean[0] == pytest.approx(-mean[1], abs=1e-12)


def test_each_roll_is_one_event_of_its_roller_whose_luck_sums_to_zero_over_the_seats() -> None:
    state = position(EXAMPLE_4_BOARD, players=3)
    actions: list[Action] = [Roll((3, 4, 6))]
    (event,) = roll_luck(state, actions)
    assert (event.move, event.seat, event.kind) == (0, 0, "roll")
    assert abs(sum(event.luck)) < 1e-12
    assert event.luck[0] < 0, "the roll busts: a turn's marks lost"


def test_the_roll_that_won_the_game_gave_the_winner_what_their_chance_lacked() -> None:
    start = position(LAST_TURNS, turn=1, last_round={"caller": 0, "turns_left": 2})
    actions: list[Action] = [Roll((3, 2, 2)), Place(Placement(3, 2, "S2")), Stop()]
    state = start
    for action in actions:
        state = apply(state, action).state
    actions += [Roll((6, 1, 1)), Place(Placement(6, 1, "S1")), Stop()]
    final = apply(apply(apply(state, actions[3]).state, actions[4]).state, actions[5]).state
    assert final.phase is Phase.OVER and chances(final) == (1.0, 0.0)
    events = roll_luck(start, actions)
    assert [event.move for event in events] == [0, 3]
    won = events[1]
    assert won.luck[0] == pytest.approx(1 - chances(state)[0], abs=1e-12) and won.luck[0] > 0
    assert won.luck[1] == pytest.approx(-won.luck[0], abs=1e-12)
    assert events[0].luck[1] < 0, "seat 1's roll left it a board seat 0 beats"


def test_on_the_last_turn_the_chance_before_a_roll_is_near_the_mean_after_it() -> None:
    # The model's last turn is fitted to the chances after its rolls: here 5.7 points
    # short of their mean (before that fit, 34.6: the curve of the rounds before it).
    state = position(LAST_TURNS, last_round={"caller": 1, "turns_left": 1})
    assert abs(drift(state)[0]) < 0.06


def test_the_luck_adjusted_result_of_two_hard_players_averages_their_results() -> None:
    # Games from near their end (both seats a claim short of calling the last round), so
    # that many are played in a test; seeded, so the figures are fixed (seat 0's luck's
    # mean -0.051, its spread 0.38: results 0.40 on average, luck-adjusted 0.45).
    board = {**claimed_row(0, 1), **claimed_row(0, 2), **claimed_row(1, 6), **claimed_row(1, 5)}
    lucks = []
    for seed in range(40):
        rng = random.Random(seed)
        state = start = position(board, turn=seed % 2)
        actions = []
        while state.phase is not Phase.OVER:
            action = action_of(decide(state, Level.HARD, rng), rng)
            actions.append(action)
            state = apply(state, action).state
        result = chances(state)
        luck = [sum(event.luck[seat] for event in roll_luck(start, actions)) for seat in (0, 1)]
        lucks.append(luck[0])
        assert abs(sum(luck)) < 1e-9
        assert abs(sum(result) - 1) < 1e-12
    # Luck averages zero: the luck-adjusted results' mean (result less luck) is the
    # results' mean within three standard errors of the luck's.
    n = len(lucks)
    mean = sum(lucks) / n
    spread = math.sqrt(sum((x - mean) ** 2 for x in lucks) / (n - 1))
    assert abs(mean) < 3 * spread / math.sqrt(n)
    assert spread > 0.1, "the games' luck differs"
