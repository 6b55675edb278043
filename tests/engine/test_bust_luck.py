"""Luck with the dice: the verdict's thresholds; each seat's busts against its rolls' exact
bust chances in Claim It! and Gold Nuggets; and what rolling on gave in Gold Nuggets against
what it was worth. Checked on hand-built games and, against the engines' own odds, on
hundreds of random ones."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Iterator
from fractions import Fraction
from typing import Any, TypeVar

import pytest

from engine import claimit, gold_nuggets
from engine.bust_luck import BustLuck, Verdict, verdict
from engine.claimit import Placement
from engine.gold_nuggets import Counts, Phase, PushLuck, SetAside, Take, TimeOut
from engine.gold_nuggets.odds import bust_chance
from engine.gold_nuggets.odds import roll_odds as nuggets_odds
from engine.gold_nuggets.policy import fresh_turn_value, roll_on_value, worth_after
from tests.engine.claimit import playout
from tests.engine.gold_nuggets import play
from tests.engine.gold_nuggets.play import faces, position
from tests.engine.playout import Spec, Step

SIGMAS = 4.0
"""How far the random games' totals may stray from their expectation, in standard
deviations: fixed seeds make the tests deterministic, this keeps them honest."""

L = TypeVar("L")


def played_with_luck(
    specs: Iterable[Spec], luck: Callable[[Any, list[Any]], tuple[L, ...]]
) -> Iterator[tuple[Spec, list[Step[Any, Any, Any]], tuple[L, ...]]]:
    """Each random game of ``specs`` played, with each seat's luck in it as ``luck`` counts."""
    for spec in specs:
        steps = spec.play()
        yield spec, steps, luck(steps[0].before, [step.action for step in steps])


def rolls_of(
    steps: Iterable[Step[Any, Any, Any]], roll: type, seat: int
) -> list[Step[Any, Any, Any]]:
    """The steps in which ``seat`` rolled."""
    return [step for step in steps if isinstance(step.action, roll) and step.before.turn == seat]


def assert_busts_near_their_odds(total: BustLuck, least: int) -> None:
    """More than ``least`` busts in all, as many as their odds made likely."""
    assert total.busts > least
    assert abs(total.busts - total.expected) <= SIGMAS * math.sqrt(total.variance)


# The verdict


def test_four_busts_where_one_point_six_were_expected_over_twelve_rolls_is_unlucky() -> None:
    seat = BustLuck()
    for busted in [True] * 4 + [False] * 8:
        seat = seat.rolled(Fraction(2, 15), busted)
    assert seat.expected == Fraction(8, 5)
    assert verdict(seat.busts, float(seat.expected), float(seat.variance)) is Verdict.UNLUCKY


@pytest.mark.parametrize(
    ("busts", "read"),
    [
        (10.0, Verdict.AS_EXPECTED),
        (11.98, Verdict.AS_EXPECTED),
        (12.0, Verdict.UNLUCKY),
        (14.98, Verdict.UNLUCKY),
        (15.0, Verdict.VERY_UNLUCKY),
        (8.02, Verdict.AS_EXPECTED),
        (8.0, Verdict.LUCKY),
        (5.02, Verdict.LUCKY),
        (5.0, Verdict.VERY_LUCKY),
        (0.0, Verdict.VERY_LUCKY),
    ],
)
def test_the_verdict_reads_the_busts_in_standard_deviations(busts: float, read: Verdict) -> None:
    # 10 busts expected with a standard deviation of 2.
    assert verdict(busts, 10.0, 4.0) is read


def test_without_variance_any_count_is_as_expected() -> None:
    assert verdict(0, 0.0, 0.0) is Verdict.AS_EXPECTED
    certain = BustLuck().rolled(Fraction(1), True).rolled(Fraction(0), False)
    assert certain == BustLuck(2, 1, Fraction(1), Fraction(0))
    assert verdict(certain.busts, 1.0, 0.0) is Verdict.AS_EXPECTED


def test_rolls_add_their_chances_and_variances() -> None:
    one = BustLuck().rolled(Fraction(1, 2), True)
    two = BustLuck().rolled(Fraction(1, 3), False).rolled(Fraction(1, 6), True)
    assert one == BustLuck(1, 1, Fraction(1, 2), Fraction(1, 4))
    assert one + two == BustLuck(
        3, 2, Fraction(1), Fraction(1, 4) + Fraction(2, 9) + Fraction(5, 36)
    )
    assert one + two == two + one == one.rolled(Fraction(1, 3), False).rolled(Fraction(1, 6), True)
    assert one + BustLuck() == one


# Claim It!


def diagonal_squatters() -> claimit.GameState:
    """Seat 0 of 2 mid-turn with squatter n on space n,n. Every squatter is out, so only a
    claim on one of them is legal, and a roll reaches a diagonal space only with a pair:
    three different dice bust, 120 of the 216 rolls."""
    return claimit.GameState(2, board={(n, n): [f"S{n}"] for n in range(1, 7)})


def test_a_claimit_roll_counts_its_exact_chance_and_its_bust_for_the_seat_that_rolled() -> None:
    start = diagonal_squatters()
    assert claimit.roll_odds(start).bust == Fraction(120, 216)
    actions: list[claimit.Action] = [
        claimit.Roll((2, 2, 5)),  # only a claim on S2 at 2,2
        claimit.Place(Placement(2, 2, "C")),
        # With 2,2 claimed, a pair of 2s reaches nothing either: 120 + 15 + 1 rolls bust.
        claimit.Roll((1, 2, 3)),
        # The bust cleared the board: seat 1 cannot bust on it.
        claimit.Roll((3, 4, 5)),
        claimit.Place(Placement(3, 4, "S5")),
        claimit.Stop(),
    ]
    first, second = Fraction(120, 216), Fraction(136, 216)
    seat_0, seat_1 = claimit.bust_luck(start, actions)
    assert seat_0 == BustLuck(2, 1, first + second, first * (1 - first) + second * (1 - second))
    assert seat_1 == BustLuck(1, 0, Fraction(0), Fraction(0))
    after_place = claimit.apply(claimit.apply(start, actions[0]).state, actions[1]).state
    assert claimit.roll_odds(after_place).bust == second


def test_claimit_luck_is_per_seat_and_counts_no_time_out_or_stop() -> None:
    start = claimit.GameState.new(3, first=2)
    actions: list[claimit.Action] = [
        claimit.Roll((1, 1, 1)),
        claimit.Place(Placement(1, 1, "S1")),
        claimit.TimeOut(),
        claimit.TimeOut(),
        claimit.Roll((6, 6, 6)),
        claimit.Place(Placement(6, 6, "S6")),
        claimit.Stop(),
    ]
    assert claimit.bust_luck(start, actions) == (
        BustLuck(),
        BustLuck(1, 0, Fraction(0), Fraction(0)),
        BustLuck(1, 0, Fraction(0), Fraction(0)),
    )


def test_claimit_luck_refuses_an_illegal_action() -> None:
    with pytest.raises(claimit.WrongPhase):
        claimit.bust_luck(claimit.GameState.new(2), [claimit.Stop()])


CLAIMIT_GAMES = [
    playout.GameSpec(seed, players=2 + seed % 4, variant=seed % 3 == 0, stop_chance=0.3)
    for seed in range(100)
]


def test_claimit_luck_over_random_games_sums_the_engines_own_odds() -> None:
    total = BustLuck()
    for spec, steps, seats in played_with_luck(CLAIMIT_GAMES, claimit.bust_luck):
        for seat, found in enumerate(seats):
            rolls = rolls_of(steps, claimit.Roll, seat)
            chances = [claimit.roll_odds(step.before).bust for step in rolls]
            assert found.rolls == len(rolls), spec
            assert found.busts == sum(
                any(isinstance(e, claimit.Bust) for e in step.events) for step in rolls
            ), spec
            assert found.expected == sum(chances), spec
            assert 0 <= found.variance <= found.expected, spec
            total += found
    assert_busts_near_their_odds(total, 100)


# Gold Nuggets


def seven_dice_bust() -> Fraction:
    # Three pairs and a single number: which number is single (4), times the orders of
    # 2+2+2+1 dice.
    return Fraction(4 * math.factorial(7) // 8, 6**7)


def one_die_on_six_threes() -> float:
    """The worth of rolling the last die with six 3s set aside (value 3): a lasso, a 3 or a
    nugget sets it aside and takes 3, 3 or 4 with a bonus turn; anything else busts."""
    return (3 + 3 + 4 + 3 * fresh_turn_value()) / 6


SIX_THREES: list[gold_nuggets.Action] = [
    gold_nuggets.Roll(faces("333333N")),
    SetAside(Counts(three=6)),
]
"""Seat 0's turn to value 3 with one die left."""
TWO_NUGGETS_THEN_FOURS: list[gold_nuggets.Action] = [
    gold_nuggets.Roll(faces("NN23455")),
    SetAside(Counts(nugget=2)),
    gold_nuggets.Roll(faces("4442L")),
    SetAside(Counts(four=3)),
]
"""A turn to value 2 with five dice left, rolled on to value 6 with two left."""


def test_a_roll_on_that_busts_gave_nothing() -> None:
    start = gold_nuggets.GameState.new(2)
    seat_0, seat_1 = gold_nuggets.push_luck(start, [*SIX_THREES, gold_nuggets.Roll(faces("2"))])
    # The last die busts on 2, 4 or 5.
    assert bust_chance(1, Counts(three=6).numbers) == Fraction(1, 2)
    assert seat_0.bust == BustLuck(
        2,
        1,
        seven_dice_bust() + Fraction(1, 2),
        seven_dice_bust() * (1 - seven_dice_bust()) + Fraction(1, 4),
    )
    assert seat_0.roll_ons == 1
    assert seat_0.roll_on_expected == pytest.approx(one_die_on_six_threes() - 3)
    assert seat_0.roll_on_gave == -3
    assert seat_1 == PushLuck()


def test_a_roll_on_that_sets_all_seven_aside_gave_the_take_and_a_fresh_turns_worth() -> None:
    start = gold_nuggets.GameState.new(2)
    actions = [*SIX_THREES, gold_nuggets.Roll(faces("N")), SetAside(Counts(nugget=1)), Take()]
    seat_0, _ = gold_nuggets.push_luck(start, actions)
    assert seat_0.roll_ons == 1
    assert seat_0.roll_on_expected == pytest.approx(one_die_on_six_threes() - 3)
    assert seat_0.roll_on_gave == pytest.approx(4 + fresh_turn_value() - 3)


def test_the_engines_roll_on_worth_is_the_stakes_expected_take() -> None:
    decide = gold_nuggets.GameState.new(2)
    for action in SIX_THREES:
        decide = gold_nuggets.apply(decide, action).state
    assert nuggets_odds(decide).roll_on == pytest.approx(one_die_on_six_threes())


def test_a_roll_on_that_ends_with_a_take_counts_its_stake_once_per_turn() -> None:
    start = gold_nuggets.GameState.new(2)
    after_nuggets = start
    for action in TWO_NUGGETS_THEN_FOURS[:2]:
        after_nuggets = gold_nuggets.apply(after_nuggets, action).state
    worth = nuggets_odds(after_nuggets).roll_on
    # Rolling on again from 6 does not stake anything new: the turn's stake was 2.
    actions = [
        *TWO_NUGGETS_THEN_FOURS,
        gold_nuggets.Roll(faces("NL")),
        SetAside(Counts(nugget=1)),
        Take(),
    ]
    seat_0, _ = gold_nuggets.push_luck(start, actions)
    assert seat_0.roll_ons == 1
    assert seat_0.roll_on_expected == worth - 2
    assert seat_0.roll_on_gave == 7 - 2
    assert seat_0.bust.rolls == 3
    assert seat_0.bust.expected == (
        seven_dice_bust() + bust_chance(5, 0) + bust_chance(2, Counts(four=3).numbers)
    )


def test_each_turn_of_a_bonus_chain_has_its_own_stake() -> None:
    start = gold_nuggets.GameState.new(2)
    actions = [
        *SIX_THREES,
        gold_nuggets.Roll(faces("L")),
        SetAside(Counts(lasso=1)),
        Take(),
        *TWO_NUGGETS_THEN_FOURS,
        Take(),
    ]
    seat_0, seat_1 = gold_nuggets.push_luck(start, actions)
    assert seat_0.roll_ons == 2
    assert seat_0.roll_on_gave == pytest.approx((3 + fresh_turn_value() - 3) + (6 - 2))
    assert seat_0.roll_on_expected == pytest.approx(
        (one_die_on_six_threes() - 3) + (roll_on_value(5, 0, 2) - 2)
    )
    assert seat_1 == PushLuck()


def test_what_a_roll_on_gave_is_the_value_even_when_the_centre_runs_short() -> None:
    start = position(players=2, centre=3, nuggets=[40, 34])
    events: tuple[gold_nuggets.Event, ...] = ()
    state = start
    for action in [*TWO_NUGGETS_THEN_FOURS, Take()]:
        state, events = gold_nuggets.apply(state, action)
    assert events == (gold_nuggets.Took(0, None, 6, 3), gold_nuggets.GameOver((0,)))
    seat_0, _ = gold_nuggets.push_luck(start, [*TWO_NUGGETS_THEN_FOURS, Take()])
    assert seat_0.roll_on_gave == 6 - 2


def test_a_time_out_with_a_roll_waiting_gave_the_value_after_its_set_aside() -> None:
    start = gold_nuggets.GameState.new(2)
    waiting = [*TWO_NUGGETS_THEN_FOURS[:3]]
    state = start
    for action in waiting:
        state = gold_nuggets.apply(state, action).state
    # The time-out sets aside the three 4s and takes 6, though the value was 2 before it.
    assert state.value == 2
    _, events = gold_nuggets.apply(state, TimeOut())
    assert events == (gold_nuggets.Took(0, None, 6, 6),)
    seat_0, _ = gold_nuggets.push_luck(start, [*waiting, TimeOut()])
    assert seat_0.roll_ons == 1
    assert seat_0.roll_on_gave == 6 - 2


def test_time_outs_without_a_roll_on_count_nothing() -> None:
    start = gold_nuggets.GameState.new(2)
    # Seat 0 passes; seat 1 sets aside and times out instead of rolling on.
    actions: list[gold_nuggets.Action] = [
        TimeOut(),
        gold_nuggets.Roll(faces("NN23455")),
        SetAside(Counts(nugget=2)),
        TimeOut(),
    ]
    seat_0, seat_1 = gold_nuggets.push_luck(start, actions)
    assert seat_0 == PushLuck()
    assert seat_1 == PushLuck(
        bust=BustLuck(1, 0, seven_dice_bust(), seven_dice_bust() * (1 - seven_dice_bust()))
    )


def test_a_turn_still_going_counts_its_rolls_but_not_yet_its_roll_on() -> None:
    start = gold_nuggets.GameState.new(2)
    seat_0, _ = gold_nuggets.push_luck(start, TWO_NUGGETS_THEN_FOURS)
    assert seat_0.bust.rolls == 2
    assert (seat_0.roll_ons, seat_0.roll_on_expected, seat_0.roll_on_gave) == (0, 0.0, 0.0)


def test_gold_nuggets_luck_refuses_an_illegal_action() -> None:
    with pytest.raises(gold_nuggets.WrongPhase):
        gold_nuggets.push_luck(gold_nuggets.GameState.new(2), [Take()])


NUGGETS_GAMES = [
    play.GameSpec(seed, players=2 + seed % 4, take_chance=0.2 + 0.1 * (seed % 5))
    for seed in range(300)
]


def test_gold_nuggets_luck_over_random_games_sums_the_engines_own_odds() -> None:
    total = BustLuck()
    for spec, steps, seats in played_with_luck(NUGGETS_GAMES, gold_nuggets.push_luck):
        rolled_on: set[int] = set()  # the turns that rolled on, by their first step's index
        turn_start = 0
        worths = [0.0] * spec.players
        for i, step in enumerate(steps):
            if (
                isinstance(step.action, gold_nuggets.Roll)
                and step.before.phase is Phase.DECIDE
                and turn_start not in rolled_on
            ):
                rolled_on.add(turn_start)
                odds = nuggets_odds(step.before)
                worths[step.before.turn] += odds.roll_on - odds.take_now
            if any(
                isinstance(e, gold_nuggets.Bust | gold_nuggets.Took | gold_nuggets.Passed)
                for e in step.events
            ):
                turn_start = i + 1
        for seat, found in enumerate(seats):
            rolls = rolls_of(steps, gold_nuggets.Roll, seat)
            assert found.bust.rolls == len(rolls), spec
            assert found.bust.expected == sum(
                (nuggets_odds(step.before).bust for step in rolls), Fraction(0)
            ), spec
            assert 0 <= found.bust.variance <= found.bust.expected, spec
            assert found.roll_on_expected == pytest.approx(worths[seat]), spec
            total += found.bust
        assert sum(found.roll_ons for found in seats) == len(rolled_on), spec
    assert_busts_near_their_odds(total, 500)


def best_set_aside(state: gold_nuggets.GameState) -> Counts:
    def worth(choice: Counts) -> float:
        after = state.aside.plus(choice)
        return worth_after(state.dice_left - choice.total, after.numbers, after.value)

    return max(state.pending_choices(), key=worth)


def optimal_game(seed: int) -> list[gold_nuggets.Action]:
    """A 2-player game played by the optimal single-turn policy the roll-on worth assumes,
    always taking from the centre."""
    rng = random.Random(seed)
    state = gold_nuggets.GameState.new(2)
    actions: list[gold_nuggets.Action] = []
    while state.phase is not Phase.OVER:
        action: gold_nuggets.Action
        left, numbers, value = state.dice_left, state.aside.numbers, state.value
        if state.phase is Phase.SET_ASIDE:
            action = SetAside(best_set_aside(state))
        elif state.phase is Phase.ROLL or (
            state.phase is Phase.DECIDE and roll_on_value(left, numbers, value) > value
        ):
            action = gold_nuggets.Roll(play.throw(rng, left))
        else:
            action = Take()
        actions.append(action)
        state = gold_nuggets.apply(state, action).state
    return actions


def test_rolling_on_optimally_gives_what_it_is_worth_on_average() -> None:
    gains = []
    for seed in range(300):
        seats = gold_nuggets.push_luck(gold_nuggets.GameState.new(2), optimal_game(seed))
        gains.append(sum(s.roll_on_gave - s.roll_on_expected for s in seats))
    # Games are independent, so their luck is: the sum strays from 0 like a random walk.
    # (A game's last take forgoes its bonus turn, which the worth counted: a small bias.)
    assert abs(sum(gains)) <= SIGMAS * math.sqrt(sum(g * g for g in gains))
