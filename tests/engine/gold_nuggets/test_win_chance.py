"""Gold Nuggets' chances to win: a vector that sums to 1 at every position, the rules'
result once the game is over, the expectation of the turn played on by the plan mid-turn;
and the judge's chances per option, whose best is the position's own chance."""

from __future__ import annotations

import random

import pytest

from engine.gold_nuggets import GameState, Phase, Roll, SetAside, Take
from engine.gold_nuggets.bots import Level, _WinChance
from engine.gold_nuggets.judge import judged, take_only
from engine.gold_nuggets.win_chance import ENDGAME_SHARPNESS, VARIANCE, chances, result
from tests.engine.gold_nuggets.play import faces, position, random_game
from tests.engine.gold_nuggets.test_judge import game


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_chances_sum_to_1_everywhere_and_end_as_the_rules_result(players: int) -> None:
    steps = list(random_game(random.Random(players), players, take_chance=0.5))
    for step in steps:
        found = chances(step.before)
        assert len(found) == players
        assert sum(found) == pytest.approx(1.0, abs=1e-12)
        assert all(0.0 <= chance <= 1.0 for chance in found)
    end = steps[-1].after
    assert end.phase is Phase.OVER and chances(end) == result(end)


def test_a_shared_win_is_split_and_a_take_that_ends_the_game_is_its_result() -> None:
    over = GameState(3, 0, Phase.OVER, 0, (30, 30, 17))
    assert chances(over) == (0.5, 0.5, 0.0)
    # Ann, seven dice aside, must take: 3 of her 6 from the centre ends the game 23-22-32.
    last = position(phase="take", aside={"N": 4, "2": 3}, centre=3, nuggets=[20, 22, 32])
    assert chances(last) == (0.0, 0.0, 1.0)
    # With three lassos she may steal 4 from Cy instead: 24-22-28, the centre's 3 left.
    steal = position(phase="take", aside={"L": 3, "N": 4}, centre=3, nuggets=[20, 22, 32])
    assert chances(steal)[0] > 0.0


def test_a_decision_mid_turn_is_worth_the_better_of_rolling_on_and_taking() -> None:
    # Ann may take 3 of her 4 from the centre and lose 23-30-24, steal 4 from Bo or Cy, or
    # roll her one die on (a lasso, a nugget or a 4 keeps the steal, and plays again).
    state = position(phase="decide", aside={"L": 3, "4": 3}, centre=3, nuggets=[20, 30, 24])
    found = judged(state, Roll(faces("N")))
    assert found is not None and set(found.chances) == {"roll", Take(None), Take(1), Take(2)}
    assert chances(state)[0] == max(found.chances.values())
    assert found.chances[Take(None)] == 0.0, "taking the centre's last ends it lost"
    assert found.chances[Take(1)] > found.chances[Take(2)], "the leader is the one to rob"


def test_the_judges_best_option_is_the_positions_own_chance_in_both_units() -> None:
    exact = estimated = 0
    for seed in range(2):
        for state, action in game([Level.HARD, Level.NORMAL, Level.EASY], seed):
            assert isinstance(action, Roll | SetAside | Take)
            found = judged(state, action)
            if found is None:
                continue
            assert set(found.chances) == set(found.worths)
            best = max(found.chances.values())
            assert best == pytest.approx(chances(state)[state.turn], abs=1e-12), (state, action)
            exact += take_only(state)
            estimated += not take_only(state)
    assert exact and estimated


def test_a_player_who_needs_any_take_to_win_is_judged_so_at_three_seats() -> None:
    # Bo to move at 40 against Ann's 36 and Cy's 0, one nugget left: any take wins it,
    # as in the game of two, where he wins 99.6% (a normal approximation said 89%); more
    # surely at three, where Cy's take would end the game with Bo ahead too.
    ann, bo, cy = chances(position(players=3, turn=1, centre=1, nuggets=[36, 40, 0]))
    assert 0.996 <= bo < 1 and ann > cy
    # Ann to move instead: she needs a steal, then a take; Bo still wins most.
    ann, bo, cy = chances(position(players=3, turn=0, centre=1, nuggets=[36, 40, 0]))
    assert 0.5 < bo < 0.99 and ann > 0.01


def test_an_endgame_at_three_seats_is_sharper_than_its_pairs_estimates() -> None:
    # Centre 3: each seat against its most dangerous rival, then sharpened (a third seat
    # may end the game while the leader leads).
    state = position(players=3, turn=2, centre=3, nuggets=[31, 26, 17])
    found = chances(state)
    estimates = [
        _WinChance(3, seat, VARIANCE).between_turns(state.nuggets, state.centre, state.turn)
        for seat in range(3)
    ]
    scaled = [estimate / sum(estimates) for estimate in estimates]
    assert abs(sum(found) - 1) < 1e-12
    assert found[0] > scaled[0] and found[2] < scaled[2]
    sharp = [estimate ** ENDGAME_SHARPNESS[3] for estimate in estimates]
    assert found == pytest.approx([weight / sum(sharp) for weight in sharp], abs=1e-12)
