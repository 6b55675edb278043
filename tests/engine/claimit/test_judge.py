"""The judge of a game's decisions: a clear blunder costs, the hard player's play costs
(almost) nothing, stronger levels lose less, and a whole game is judged as its decisions are
one by one."""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from statistics import mean

import pytest

from engine.claimit import Action, GameState, Phase, Place, Placement, Roll, Stop, TimeOut, apply
from engine.claimit.bots import _HARD, Level, _Judge, action_of, decide
from engine.claimit.judge import (
    _CLAIM,
    _MINE,
    _RIVAL,
    _SAFE_MINE,
    _SPACE,
    THRESHOLDS,
    Judgement,
    Unit,
    judged,
    judged_game,
)
from engine.claimit.odds import roll_odds
from tests.engine.claimit.positions import claimed_row, position

Step = tuple[GameState, Action, Judgement | None]

RIVAL_CORNER = {"6,6": ["C", "P1"], "5,6": ["P1"]}
"""Seat 1's two spaces: a mine of 2 with a claim, worth 11.5 to the hard player."""

MIDGAME = {
    **claimed_row(0, 1, range(1, 5)),
    **claimed_row(0, 2, range(1, 4)),
    "5,1": ["P0"],
    "4,2": ["P0"],
    **claimed_row(1, 6, range(1, 5)),
    **claimed_row(1, 5, range(1, 4)),
    "5,6": ["P1"],
    "4,5": ["P1"],
}
"""Two players with 7 claims each, 6 short of calling the last round: a game's last turns,
short enough to play the hard player (50 ms a roll or stop) in a test."""


def test_the_judge_weighs_the_board_as_the_hard_player_doubled() -> None:
    weights = (_HARD.mine, _HARD.safe_mine, _HARD.claim, _HARD.space)
    assert tuple(2 * w for w in weights) == (_MINE, _SAFE_MINE, _CLAIM, _SPACE)
    assert _HARD.rival == _RIVAL, "a rival's worth is doubled alike"


def test_a_squatter_joining_the_mine_beats_one_on_its_own() -> None:
    # Row 1 is seat 0's but for 3,1: the roll 3 1 1 offers S1 there (a mine of 6 from one
    # of 3) or on 1,3, next to nothing (1,1 is claimed, so S3 there is no option).
    board = {**claimed_row(0, 1, range(1, 3)), **claimed_row(0, 1, range(4, 7)), **RIVAL_CORNER}
    state = position(board, phase="place", dice=[3, 1, 1])
    joining, alone = Placement(3, 1, "S1"), Placement(1, 3, "S1")
    assert set(state.pending_placements()) == {joining, alone}
    good = judged(state, Place(joining))
    bad = judged(state, Place(alone))
    assert good is not None and bad is not None
    assert good.unit is Unit.SPACES
    assert good.worths == bad.worths
    assert good.best == good.worths[joining]
    assert good.cost == 0
    assert bad.cost > 2, "three spaces more in the mine, less what rolling on adds"
    assert bad.cost >= THRESHOLDS[Unit.SPACES].blunder


def test_stopping_beats_rolling_into_a_likely_bust_that_would_lose_six_spaces() -> None:
    # All six squatters beside seat 0's claimed row 1: only a roll with a 2 (a claim on one
    # of them) allows anything, so 125 of the 216 rolls bust.
    board = {**claimed_row(0, 1), **{f"{c},2": [f"S{c}"] for c in range(1, 7)}, **RIVAL_CORNER}
    state = position(board)
    assert roll_odds(state).bust == Fraction(125, 216)
    stop = judged(state, Stop())
    roll = judged(state, Roll((1, 2, 3)))
    assert stop is not None and roll is not None
    assert stop.worths == roll.worths
    # Stopping: a mine of 12 (4 each) holding 6 claims (1.5 + 1 each) and 12 spaces (0.5
    # each) against seat 1's 11.5, in spaces of the mine.
    assert stop.worths["stop"] == (4 * 12 + 2.5 * 6 + 0.5 * 12 - 11.5) / 4 == 14.375
    assert stop.cost == 0
    assert roll.cost > 3


def test_nothing_is_judged_where_nothing_was_decided() -> None:
    fresh = GameState.new(2)
    assert judged(fresh, Roll((1, 2, 3))) is None, "a turn's first roll is forced"
    only = position({}, phase="place", dice=[4, 4, 4])
    assert only.pending_placements() == (Placement(4, 4, "S4"),)
    assert judged(only, Place(Placement(4, 4, "S4"))) is None
    mid_turn = position({"1,1": ["S1"]})
    assert judged(mid_turn, TimeOut()) is None
    assert judged(mid_turn, Stop()) is not None


def test_a_stop_or_a_roll_is_worth_what_the_hard_player_reckons() -> None:
    # The game's last turn: seat 1 holds row 1 (a mine of 6, 6 claims); seat 0's squatters
    # make a mine of 6 too, but with 4 claims it loses unless it rolls on.
    last_turn = position(
        {**claimed_row(1, 1), **claimed_row(0, 6, range(1, 5)), "5,6": ["S2"], "6,6": ["S4"]},
        last_round={"caller": 1, "turns_left": 1},
    )
    low_supply = position(
        {**claimed_row(0, 1), **claimed_row(1, 2), **claimed_row(0, 3), **claimed_row(1, 4)}
        | {f"{c},5": ["C", "P0"] for c in range(1, 6)}
        | {"6,5": ["P0"], "1,6": ["S3"]}
    )
    assert low_supply.claim_supply == 1
    variant = position({"2,2": ["P1", "C"], "3,3": ["S5"], "3,2": ["P0"]}, variant=True)
    calling = position({**claimed_row(0, 1), **claimed_row(0, 2), "6,6": ["P0", "C"]})
    for state, unit, per_point in (
        (position({"2,3": ["S1"], "4,4": ["S6"], "4,5": ["P1"]}), Unit.SPACES, _HARD.mine),
        (low_supply, Unit.SPACES, _HARD.mine),
        (variant, Unit.SPACES, _HARD.mine),
        (calling, Unit.SPACES, _HARD.mine),
        (last_turn, Unit.WIN_CHANCE, 1.0),
    ):
        judgement = judged(state, Stop())
        assert judgement is not None and judgement.unit is unit
        hard = _Judge(state, _HARD, play_to_win=state.last_round is not None)
        marks = state.squatter_mask, state.claims_this_turn
        roll = hard.roll_value(*marks, depth=2) / per_point
        assert judgement.worths["roll"] == pytest.approx(roll, abs=1e-12)
        assert judgement.worths["stop"] == hard.stop_value(*marks) / per_point
    last = judged(last_turn, Stop())
    assert last is not None and last.worths["stop"] == 0 and 0.5 < last.worths["roll"] < 1


def played(start: GameState, levels: Sequence[Level], seed: int) -> list[Step]:
    """The rest of a game between bots from ``start``, each action judged."""
    choices, dice = random.Random(seed), random.Random(seed + 1)
    state = start
    actions: list[Action] = []
    states = []
    while state.phase is not Phase.OVER:
        action = action_of(decide(state, levels[state.turn], choices), dice)
        states.append(state)
        actions.append(action)
        state = apply(state, action).state
    return list(zip(states, actions, judged_game(start, actions), strict=True))


@pytest.fixture(scope="module")
def hard_games() -> list[list[Step]]:
    return [played(position(MIDGAME), [Level.HARD, Level.HARD], seed) for seed in range(2)]


def test_the_hard_player_against_itself_loses_little(hard_games: list[list[Step]]) -> None:
    steps = [step for game in hard_games for step in game]
    judgements = [j for _, _, j in steps if j is not None]
    assert len(judgements) > 60
    assert {j.unit for j in judgements} == set(Unit), "the last round is played to win"
    for state, action, judgement in steps:
        if judgement is None:
            continue
        assert judgement.cost < THRESHOLDS[judgement.unit].blunder, (state, action, judgement)
        if not isinstance(action, Place):
            # A roll or a stop is judged exactly as the hard player decides it.
            assert judgement.cost == 0, (state, action, judgement)
    free = sum(j.cost == 0 for j in judgements)
    assert free >= 0.9 * len(judgements)


def test_a_game_is_judged_as_its_decisions_are_one_by_one() -> None:
    steps = played(position(MIDGAME), [Level.EASY, Level.NORMAL], 5)
    assert sum(j is not None for _, _, j in steps) > 30
    for (state, action, judgement), after in zip(steps, [*steps[1:], None], strict=True):
        assert judged(state, action) == judgement
        if judgement is not None and isinstance(action, Place) and after is not None:
            # A placement is worth the better of stopping after it and rolling on.
            following = after[2]
            assert following is not None
            assert judgement.worths[action.placement] == following.best


def test_stronger_levels_lose_less_per_decision(hard_games: list[list[Step]]) -> None:
    lost: dict[Level, list[float]] = {level: [] for level in Level}
    games = [(game, [Level.HARD, Level.HARD]) for game in hard_games]
    for seed in range(3):
        for levels in ([Level.NORMAL, Level.EASY], [Level.EASY, Level.NORMAL]):
            games.append((played(position(MIDGAME), levels, seed), levels))
    for game, levels in games:
        for state, _, judgement in game:
            if judgement is not None and judgement.unit is Unit.SPACES:
                lost[levels[state.turn]].append(judgement.cost)
    average = {level: mean(costs) for level, costs in lost.items()}
    print({level.value: round(cost, 4) for level, cost in average.items()})
    assert average[Level.HARD] <= average[Level.NORMAL] <= average[Level.EASY]
    assert average[Level.EASY] > THRESHOLDS[Unit.SPACES].inaccuracy


def test_the_thresholds_rise() -> None:
    for thresholds in THRESHOLDS.values():
        assert 0 < thresholds.inaccuracy < thresholds.mistake < thresholds.blunder
