from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.league import RoundPlan, match_sizes, swiss_round


def test_the_leaders_sit_at_match_one_and_the_next_group_at_match_two() -> None:
    plan = swiss_round([9, 8, 7, 6, 5, 4, 3, 2, 1], (), 3, 2)
    assert plan == RoundPlan(((9, 8, 7), (6, 5, 4), (3, 2, 1)), None)


def test_the_larger_matches_come_first() -> None:
    assert swiss_round([1, 2, 3, 4, 5, 6, 7], (), 3, 2).matches == ((1, 2, 3), (4, 5), (6, 7))
    assert swiss_round([5, 4, 3, 2, 1], (), 4, 2).matches == ((5, 4, 3), (2, 1))


def test_the_bye_goes_to_the_lowest_player_who_has_not_had_one() -> None:
    standing = [1, 2, 3, 4, 5]
    assert swiss_round(standing, (), 2, 2) == RoundPlan(((1, 2), (3, 4)), 5)
    assert swiss_round(standing, {5}, 2, 2) == RoundPlan(((1, 2), (3, 5)), 4)
    assert swiss_round(standing, {5, 4, 2}, 2, 2) == RoundPlan(((1, 2), (4, 5)), 3)


def test_when_everyone_has_had_a_bye_the_lowest_has_another() -> None:
    assert swiss_round([1, 2, 3], {1, 2, 3}, 2, 2) == RoundPlan(((1, 2),), 3)


def test_byes_counted_once_each_go_to_the_lowest_of_those_with_the_fewest() -> None:
    assert swiss_round([1, 2, 3], [3, 3, 1, 2, 2], 2, 2) == RoundPlan(((2, 3),), 1)


def test_a_lone_player_sits_out() -> None:
    assert swiss_round([7], (), 3, 2) == RoundPlan((), 7)
    assert swiss_round([], (), 3, 2) == RoundPlan((), None)


def test_nine_players_at_matches_of_two_leave_one_out() -> None:
    plan = swiss_round(range(1, 10), (9,), 2, 2)
    assert plan.matches == ((1, 2), (3, 4), (5, 6), (7, 9))
    assert plan.bye == 8
    assert plan.players == (1, 2, 3, 4, 5, 6, 7, 9, 8)


def test_a_player_twice_in_the_standing_is_refused() -> None:
    with pytest.raises(ValueError):
        swiss_round([1, 2, 1], (), 2, 2)


@given(
    st.lists(st.integers(1, 10**6), unique=True, max_size=40),
    st.integers(2, 5),
    st.data(),
)
def test_each_player_sits_once_in_standing_order_at_the_sizes_planned(
    standing: list[int], match_size: int, data: st.DataObject
) -> None:
    had_bye = data.draw(st.sets(st.sampled_from(standing)) if standing else st.just(set[int]()))
    plan = swiss_round(standing, had_bye, match_size, 2)
    sizes, needs_bye = match_sizes(len(standing), match_size, 2)
    assert tuple(len(match) for match in plan.matches) == sizes
    assert (plan.bye is not None) == needs_bye
    assert sorted(plan.players) == sorted(standing)
    assert [player for player in standing if player != plan.bye] == list(plan.players[: sum(sizes)])
    if plan.bye is not None and plan.bye in had_bye:
        assert set(standing) <= had_bye


@given(
    st.integers(1, 12),
    st.integers(2, 4),
    st.lists(st.randoms(use_true_random=False), min_size=1, max_size=12),
)
def test_over_many_rounds_the_byes_go_round(
    count: int, match_size: int, shuffles: list[random.Random]
) -> None:
    players = list(range(count))
    byes = dict.fromkeys(players, 0)
    for shuffle in shuffles:
        standing = list(players)
        shuffle.shuffle(standing)
        had_bye = [player for player in players for _ in range(byes[player])]
        plan = swiss_round(standing, had_bye, match_size, 2)
        if plan.bye is not None:
            byes[plan.bye] += 1
        assert max(byes.values()) - min(byes.values()) <= 1
