"""Each roll's luck in chance to win: it averages to nothing over the roll's outcomes for
every seat (but a turn's first with more than two seats, by the model's drift), a roll
that decides the game is the game's luckiest, and over games between two hard players a
seat's luck averages to nothing, so the luck-adjusted result averages the actual one."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from statistics import mean, pstdev, pvariance

import pytest

from engine.chance_luck import EventLuck
from engine.gold_nuggets import Action, GameState, Phase, Roll, apply
from engine.gold_nuggets.bots import Level, action_of, decide
from engine.gold_nuggets.dice import ORDERED_ROLLS, Counts
from engine.gold_nuggets.policy import distinct_rolls
from engine.gold_nuggets.roll_luck import roll_luck
from engine.gold_nuggets.win_chance import chances, result, turn_plan
from tests.engine.gold_nuggets.play import decided_by_one_roll, position

POSITIONS = [
    GameState.new(2),
    GameState.new(5, first=3),
    position(phase="roll", turn=1, centre=40, nuggets=[20, 10, 7]),
    position(phase="decide", aside={"L": 3, "4": 3}, centre=3, nuggets=[20, 30, 24]),
    position(
        players=4, turn=2, phase="decide", aside={"L": 2, "N": 1}, centre=12, nuggets=[9, 30, 6, 20]
    ),
    position(players=5, phase="decide", aside={"5": 3}, centre=25, nuggets=[10, 12, 0, 20, 10]),
]


def rolled(counts: Counts) -> Roll:
    return Roll(tuple(face for face, n in counts.items() for _ in range(n)))


def drift(state: GameState) -> list[float]:
    """What a roll's luck averages to: nothing, but on a turn's first roll with more than
    two seats, the turn's plan's average less the model's chance between turns."""
    if state.phase is not Phase.ROLL or state.players == 2:
        return [0.0] * state.players
    average = turn_plan(state).roll_on(7, 0, 0, 0)
    return [after - before for after, before in zip(average, chances(state), strict=True)]


@pytest.mark.parametrize("state", POSITIONS)
def test_a_rolls_luck_averages_to_nothing_over_its_outcomes(state: GameState) -> None:
    # The weights are exact fractions and each luck the float it is: what remains is the
    # floats' rounding, within 1e-12.
    total = [Fraction(0)] * state.players
    expected = drift(state)
    assert all(abs(d) < 0.05 for d in expected), expected
    most = 0.0
    for counts, weight in distinct_rolls(state.dice_left):
        (event,) = roll_luck(state, [rolled(counts)])
        assert (event.move, event.seat, event.kind) == (0, state.turn, "roll")
        assert sum(event.luck) == pytest.approx(0.0, abs=1e-12), "the chances sum to 1"
        for seat, luck in enumerate(event.luck):
            total[seat] += Fraction(weight, ORDERED_ROLLS[state.dice_left]) * Fraction(luck)
            most = max(most, abs(luck))
    assert all(abs(a - d) < 1e-12 for a, d in zip(total, expected, strict=True)), total
    assert most > 0.01, "a roll's luck is not always nothing"


def test_the_roll_that_decides_the_game_is_its_luckiest() -> None:
    start, actions = decided_by_one_roll()
    state = start
    for action in actions:
        state = apply(state, action).state
    assert state.phase is Phase.OVER and result(state) == (0.0, 1.0)
    events = roll_luck(start, actions)
    assert [event.move for event in events] == [0, 1]
    for seat in (0, 1):
        luckiest = max(events, key=lambda event: abs(event.luck[seat]))
        assert luckiest.move == 0
    assert events[0].luck[0] < -0.25 < 0.25 < events[0].luck[1]


def hard_game(seed: int) -> tuple[GameState, list[Action], tuple[float, ...]]:
    # From the game's last third (the centre holding a few turns' takes, the two level),
    # so that many games are played in a test: the end, where luck decides most, is whole.
    choices, dice = random.Random(seed), random.Random(seed + 1)
    start = state = position(players=2, turn=seed % 2, centre=25, nuggets=[26, 26])
    actions: list[Action] = []
    while state.phase is not Phase.OVER:
        action = action_of(decide(state, Level.HARD, choices), state, dice)
        actions.append(action)
        state = apply(state, action).state
    return start, actions, result(state)


def test_two_hard_players_luck_adjusted_results_average_their_actual_ones() -> None:
    # The luck-adjusted result less the actual one is the seat's luck, which averages to
    # nothing: over 40 games within three of its standard errors. With the luck taken out,
    # what is left of a result is what the seat's decisions and the start did: two equal
    # players, a half.
    actual: list[float] = []
    lucks: list[float] = []
    for seed in range(40):
        start, actions, won = hard_game(seed)
        events: list[EventLuck] = roll_luck(start, actions)
        actual.append(won[0])
        lucks.append(sum(event.luck[0] for event in events))
    adjusted = [result - luck for result, luck in zip(actual, lucks, strict=True)]
    error = pstdev(lucks) / math.sqrt(len(lucks))
    assert abs(mean(adjusted) - mean(actual)) < 3 * error
    assert mean(adjusted) == pytest.approx(0.5, abs=0.1)
    assert pvariance(adjusted) < pvariance(actual) / 4, "the dice explain most of a result"
