"""Gold Nuggets' decisions judged as the hard player decides them: exactly while the
turn's take is all that is at stake, by the chance to win after; the hard player's own
decisions cost nothing, and the levels lose in their order."""

from __future__ import annotations

import random
from statistics import mean

from engine.gold_nuggets import Action, GameState, Phase, Roll, SetAside, Take, apply
from engine.gold_nuggets.bots import Level, action_of, decide
from engine.gold_nuggets.judge import Unit, judged, take_only
from tests.engine.gold_nuggets.play import position


def game(levels: list[Level], seed: int) -> list[tuple[GameState, Action]]:
    choices, dice = random.Random(seed), random.Random(seed + 1)
    state = GameState.new(len(levels), first=seed % len(levels))
    moves: list[tuple[GameState, Action]] = []
    while state.phase is not Phase.OVER:
        action = action_of(decide(state, levels[state.turn], choices), state, dice)
        moves.append((state, action))
        state = apply(state, action).state
    return moves


def test_the_hard_players_decisions_cost_nothing_in_either_unit() -> None:
    units = set()
    for seed in range(3):
        for state, action in game([Level.HARD, Level.HARD, Level.HARD], seed):
            assert isinstance(action, Roll | SetAside | Take)
            found = judged(state, action)
            if found is not None:
                units.add(found.unit)
                assert found.cost == 0, (state, action, found)
                assert found.exact is take_only(state)
    assert units == {Unit.NUGGETS, Unit.WIN_CHANCE}


def test_the_levels_lose_in_their_order() -> None:
    costs: dict[Level, list[float]] = {level: [] for level in Level}
    for seed in range(4):
        levels = [Level.EASY, Level.NORMAL, Level.HARD]
        for state, action in game(levels, seed):
            assert isinstance(action, Roll | SetAside | Take)
            found = judged(state, action)
            if found is not None and found.unit is Unit.WIN_CHANCE:
                costs[levels[state.turn]].append(float(found.cost))
    hard, normal, easy = (mean(costs[level]) for level in (Level.HARD, Level.NORMAL, Level.EASY))
    assert hard == 0 < normal < easy


def test_whom_to_take_from_is_a_decision_where_a_steal_is_open() -> None:
    seven = position(phase="take", aside={"L": 3, "5": 4}, centre=20, nuggets=[0, 50, 7])
    found = judged(seven, Take(2))
    assert found is not None and set(found.worths) == {Take(None), Take(1), Take(2)}
    assert found.cost > 0, "the leader is the one to steal from"
    assert judged(position(phase="take", aside={"3": 3, "5": 4}), Take()) is None
