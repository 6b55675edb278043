from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.league import RoundPlan, match_sizes, round_robin, round_robin_rounds

LARGEST = 24
"""The most players the bound on a round robin's rounds is checked for, every count."""


def pairs(plans: tuple[RoundPlan, ...]) -> Counter[tuple[int, int]]:
    """How often each pair sat in one match."""
    return Counter(
        pair for plan in plans for match in plan.matches for pair in combinations(sorted(match), 2)
    )


def test_four_players_at_matches_of_two_meet_in_three_rounds_of_two_matches() -> None:
    plans = round_robin((11, 12, 13, 14), 2, 2)
    assert plans == (
        RoundPlan(((11, 14), (12, 13)), None),
        RoundPlan(((11, 13), (12, 14)), None),
        RoundPlan(((11, 12), (13, 14)), None),
    )
    assert pairs(plans) == Counter(combinations((11, 12, 13, 14), 2))


def test_an_odd_count_at_matches_of_two_plays_as_many_rounds_with_one_bye_each() -> None:
    plans = round_robin((1, 2, 3, 4, 5), 2, 2)
    assert len(plans) == 5
    assert [plan.bye for plan in plans] == [5, 4, 3, 2, 1]
    assert pairs(plans) == Counter(combinations(range(1, 6), 2))


def test_players_who_all_fit_one_match_play_one_round() -> None:
    assert round_robin((1, 2, 3), 3, 2) == (RoundPlan(((1, 2, 3),), None),)
    assert round_robin((4, 5), 4, 2) == (RoundPlan(((4, 5),), None),)


def test_fewer_than_two_players_play_no_round() -> None:
    assert round_robin((), 3, 2) == ()
    assert round_robin((1,), 2, 2) == ()


def test_seven_players_at_matches_of_three_meet_in_five_rounds() -> None:
    """Matches of 3, 2 and 2 seat five pairs a round, so 21 pairs need five at least."""
    plans = round_robin(range(1, 8), 3, 2)
    assert len(plans) == 5
    assert set(pairs(plans)) == set(combinations(range(1, 8), 2))
    assert all(sorted(map(len, plan.matches), reverse=True) == [3, 2, 2] for plan in plans)


def test_eight_players_at_matches_of_four_meet_in_three_rounds() -> None:
    plans = round_robin(range(8), 4, 2)
    assert len(plans) == 3
    assert set(pairs(plans)) == set(combinations(range(8), 2))


def test_the_schedule_is_the_same_every_time_and_keeps_seed_order_at_a_match() -> None:
    players = (40, 10, 30, 20, 50, 60, 70)
    plans = round_robin(players, 3, 2)
    assert plans == round_robin(players, 3, 2)
    for plan in plans:
        for match in plan.matches:
            assert list(match) == sorted(match, key=players.index)


def test_a_player_twice_or_a_count_no_matches_fit_is_refused() -> None:
    with pytest.raises(ValueError):
        round_robin((1, 2, 1), 2, 2)
    with pytest.raises(ValueError):
        round_robin(range(6), 4, 4)


def test_the_count_of_rounds_is_the_schedules() -> None:
    assert round_robin_rounds(4, 2, 2) == 3
    assert round_robin_rounds(5, 2, 2) == 5
    assert round_robin_rounds(7, 3, 2) == 5
    assert round_robin_rounds(1, 3, 2) == 0


@given(st.integers(2, 30))
def test_matches_of_two_pair_everyone_exactly_once(count: int) -> None:
    plans = round_robin(range(count), 2, 2)
    assert pairs(plans) == Counter(combinations(range(count), 2))
    assert len(plans) == (count if count % 2 else count - 1)
    byes = Counter(plan.bye for plan in plans if plan.bye is not None)
    assert set(byes.values()) <= {1}
    assert len(byes) == (count if count % 2 else 0)


def sized_groups() -> st.SearchStrategy[tuple[int, int, int]]:
    """A count of players, a match size of 3 to 5 and a game's fewest that seat them."""

    def seated(count: int, match_size: int, fewest: int) -> bool:
        try:
            match_sizes(count, match_size, fewest)
        except ValueError:
            return False
        return True

    return (
        st.integers(3, 5)
        .flatmap(lambda size: st.tuples(st.integers(2, 16), st.just(size), st.integers(2, size)))
        .filter(lambda group: seated(*group))
    )


@given(sized_groups())
def test_larger_matches_seat_every_pair_and_everyone_once_a_round(
    group: tuple[int, int, int],
) -> None:
    count, match_size, fewest = group
    plans = round_robin(range(count), match_size, fewest)
    assert set(pairs(plans)) == set(combinations(range(count), 2))
    sizes, needs_bye = match_sizes(count, match_size, fewest)
    byes = dict.fromkeys(range(count), 0)
    for plan in plans:
        assert sorted(plan.players) == list(range(count))
        assert tuple(map(len, plan.matches)) == sizes
        assert (plan.bye is not None) == needs_bye
        if plan.bye is not None:
            byes[plan.bye] += 1
            assert max(byes.values()) - min(byes.values()) <= 1


@pytest.mark.parametrize("match_size", [3, 4, 5])
def test_larger_matches_need_at_most_one_round_fewer_than_the_players(match_size: int) -> None:
    for fewest in range(2, match_size + 1):
        for count in range(3, LARGEST + 1):
            try:
                rounds = round_robin_rounds(count, match_size, fewest)
            except ValueError:
                continue
            assert rounds <= count - 1, (count, match_size, fewest)
