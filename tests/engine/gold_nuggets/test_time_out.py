"""A time-out ends the turn by the fixed rule of ``engine.gold_nuggets.rules``."""

from __future__ import annotations

import random

import pytest

from engine.gold_nuggets import (
    BonusTurn,
    Counts,
    GameAlreadyOver,
    GameOver,
    Passed,
    Phase,
    Roll,
    SetAside,
    Take,
    TimeOut,
    Took,
    apply,
)
from engine.gold_nuggets.rules import time_out_choice
from tests.engine.gold_nuggets.play import faces, position, random_game


def test_in_phase_roll_the_turn_passes_with_nothing_taken() -> None:
    state = position(turn=2, centre=50, nuggets=[10, 10, 7])
    after, events = apply(state, TimeOut())
    assert events == (Passed(2),)
    assert after == position(turn=0, centre=50, nuggets=[10, 10, 7])


def test_a_waiting_roll_sets_aside_its_most_valuable_choice_with_fewest_dice_then_takes() -> None:
    state = apply(position(), Roll(faces("3333332"))).state
    after, events = apply(state, TimeOut())
    assert events == (Took(0, None, 3, 3),)
    assert after.turn == 1 and after.phase is Phase.ROLL and after.centre == 74


def test_equal_value_and_dice_go_to_the_last_choice_in_sort_order() -> None:
    state = apply(position(phase="decide", aside={"L": 2, "2": 3}), Roll(faces("L2"))).state
    assert state.pending_choices() == (Counts(two=1), Counts(lasso=1), Counts(lasso=1, two=1))
    assert time_out_choice(state) == Counts(lasso=1)
    assert apply(state, TimeOut()).events == (Took(0, None, 2, 2),)


def test_a_waiting_roll_that_completes_seven_dice_earns_the_new_turn() -> None:
    state = position(phase="decide", aside={"N": 2, "3": 3})
    waiting = apply(state, Roll(faces("NN"))).state
    after, events = apply(waiting, TimeOut())
    assert events == (Took(0, None, 7, 7), BonusTurn(0))
    assert (after.turn, after.phase) == (0, Phase.ROLL)
    assert (after, events) == apply(apply(waiting, SetAside(Counts(nugget=2))).state, Take(None))


def test_after_a_set_aside_it_takes_from_the_centre_even_with_three_lassos() -> None:
    state = position(phase="decide", centre=40, nuggets=[10, 20, 7], aside={"L": 3, "N": 1})
    assert apply(state, TimeOut()) == apply(state, Take(None))
    seven = position(phase="take", centre=40, nuggets=[10, 20, 7], aside={"L": 3, "N": 1, "4": 3})
    assert apply(seven, TimeOut()).events == (Took(0, None, 5, 5), BonusTurn(0))


def test_a_time_out_take_can_end_the_game() -> None:
    state = position(players=2, phase="decide", centre=3, nuggets=[30, 44], aside={"N": 4})
    after, events = apply(state, TimeOut())
    assert events == (Took(0, None, 4, 3), GameOver((1,)))
    assert after.phase is Phase.OVER
    with pytest.raises(GameAlreadyOver):
        apply(after, TimeOut())


def test_time_outs_in_random_games_always_end_the_turn() -> None:
    rng = random.Random(11)
    for seed in range(30):
        for step in random_game(random.Random(seed), rng.randint(2, 5)):
            if step.before.phase is Phase.OVER:
                continue
            after, events = apply(step.before, TimeOut())
            assert isinstance(events[0], Took | Passed)
            if after.phase is not Phase.OVER and not isinstance(events[-1], BonusTurn):
                assert after.turn == (step.before.turn + 1) % step.before.players
