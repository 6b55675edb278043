from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import NamedTuple

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from bot.league import (
    Entrant,
    Played,
    Row,
    bye_points,
    final_match,
    match_points,
    standings,
    swiss_round,
    with_final,
)

HALF = Fraction(1, 2)


def order(rows: Sequence[Row]) -> list[int]:
    return [row.user for row in rows]


def ranks(rows: Sequence[Row]) -> list[int]:
    return [row.rank for row in rows]


def points(rows: Sequence[Row]) -> dict[int, Fraction]:
    return {row.user: row.points for row in rows}


def row(rows: Sequence[Row], user: int) -> Row:
    return next(row for row in rows if row.user == user)


def test_nine_players_over_three_swiss_rounds_at_matches_of_three_one_dropped() -> None:
    """Player 6 leaves after round 1: eight players sit in matches of 3, 3 and 2."""
    entrants = [Entrant(user, seed=user) for user in range(1, 10)]
    played: list[Played] = []

    def play(number: int, results: Sequence[tuple[int, ...]]) -> None:
        rows = standings(entrants, played, 3)
        active = [row.user for row in rows if row.dropped_round is None]
        plan = swiss_round(active, (), 3, 2)
        assert plan.bye is None
        for match, (seated, places) in enumerate(zip(plan.matches, results, strict=True), 1):
            played.append(Played(number, match, seated, places))

    play(1, [(1, 2, 3), (2, 1, 3), (1, 1, 3)])
    assert [match.players for match in played] == [(1, 2, 3), (4, 5, 6), (7, 8, 9)]
    after_one = standings(entrants, played, 3)
    assert order(after_one) == [1, 5, 7, 8, 2, 4, 3, 6, 9]
    assert ranks(after_one) == [1, 1, 3, 3, 5, 5, 7, 7, 7]
    assert points(after_one) == {
        1: 2, 2: 1, 3: 0, 4: 1, 5: 2, 6: 0, 7: 1 + HALF, 8: 1 + HALF, 9: 0
    }  # fmt: skip
    assert row(after_one, 7).wins == row(after_one, 8).wins == 1

    entrants[5] = Entrant(6, seed=6, dropped_round=2)
    play(2, [(3, 1, 2), (1, 2, 3), (2, 1)])
    assert [match.players for match in played[3:]] == [(1, 5, 7), (8, 2, 4), (3, 9)]
    after_two = standings(entrants, played, 3)
    assert order(after_two) == [5, 8, 7, 1, 2, 9, 4, 3, 6]
    assert [row.opponents_points for row in after_two[3:6]] == [Fraction(17, 2), Fraction(13, 2), 6]

    play(3, [(2, 1, 3), (1, 3, 2), (1, 1)])
    assert [match.players for match in played[6:]] == [(5, 8, 7), (1, 2, 9), (4, 3)]
    final = standings(entrants, played, 3)
    assert order(final) == [8, 5, 1, 9, 7, 2, 4, 3, 6]
    assert ranks(final) == list(range(1, 10))
    assert points(final) == {
        8: 5 + HALF, 5: 5, 1: 4, 9: 3, 7: 2 + HALF, 2: 2, 4: 2, 3: 1, 6: 0
    }  # fmt: skip
    assert sum(points(final).values()) == 9 + 8 + 8
    assert {row.user: row.opponents_points for row in final} == {
        8: 17, 5: Fraction(33, 2), 1: Fraction(31, 2), 9: 15, 7: 28,
        2: Fraction(39, 2), 4: Fraction(27, 2), 3: 11, 6: 7,
    }  # fmt: skip
    assert {row.user: row.wins for row in final} == {
        8: 3, 5: 2, 1: 2, 9: 1, 7: 1, 2: 0, 4: 1, 3: 1, 6: 0
    }  # fmt: skip
    assert [row.games for row in final] == [3, 3, 3, 3, 3, 3, 3, 3, 1]
    assert row(final, 6).dropped_round == 2
    assert not any(row.in_play or row.byes for row in final)


def test_opponents_points_then_wins_then_seed_break_ties() -> None:
    entrants = [Entrant(user, seed=user) for user in (1, 2, 3, 4, 5, 6)]
    matches = [
        Played(1, 1, (1, 2), (2, 1)),
        Played(1, 2, (3, 4), (1, 1)),
        Played(1, 3, (5, 6), (1, 2)),
        Played(2, 1, (4, 2), (1, 2)),
        Played(2, 2, (6, 3), (1, 1)),
        Played(2, 3, (1, 5), (1, 2)),
    ]
    rows = standings(entrants, matches, 2)
    assert points(rows) == {1: 1, 2: 1, 3: 1, 4: 1 + HALF, 5: 1, 6: HALF}
    assert {r.user: r.opponents_points for r in rows} == {
        1: 2, 2: 2 + HALF, 3: 2, 4: 2, 5: 1 + HALF, 6: 2
    }  # fmt: skip
    assert (row(rows, 1).wins, row(rows, 3).wins) == (1, 2)
    assert order(rows) == [4, 2, 3, 1, 5, 6]
    assert ranks(rows) == [1, 2, 3, 4, 5, 6]


def test_wins_separate_players_equal_in_points_and_opponents_points() -> None:
    entrants = [Entrant(user, seed=5 - user) for user in (1, 2, 3, 4)]
    matches = [
        Played(1, 1, (1, 2, 3, 4), (1, 2, 3, 4)),
        Played(2, 1, (1, 2, 3, 4), (3, 2, 1, 4)),
    ]
    rows = standings(entrants, matches, 4)
    assert points(rows) == {1: 4, 2: 4, 3: 4, 4: 0}
    assert {r.opponents_points for r in rows[:3]} == {16}
    assert [r.wins for r in rows] == [1, 1, 0, 0]
    assert order(rows) == [3, 1, 2, 4]
    assert ranks(rows) == [1, 1, 3, 4]


def test_a_seed_orders_a_full_tie_but_the_rank_is_shared() -> None:
    entrants = [Entrant(7, seed=2), Entrant(8, seed=1)]
    rows = standings(entrants, [Played(1, 1, (7, 8), (1, 1))], 2)
    assert order(rows) == [8, 7]
    assert ranks(rows) == [1, 1]
    assert row(rows, 7).wins == 1


def test_byes_score_a_win_each_but_are_neither_games_nor_first_places() -> None:
    entrants = [Entrant(1, seed=1, byes=(1, 3)), Entrant(2, seed=2), Entrant(3, seed=3)]
    matches = [Played(1, 1, (2, 3), (1, 2)), Played(2, 1, (1, 2), (2, 1))]
    rows = standings(entrants, matches, 3)
    assert points(rows) == {1: 4, 2: 4, 3: 0}
    assert (row(rows, 1).byes, row(rows, 1).games, row(rows, 1).wins) == (2, 1, 0)
    assert row(rows, 1).opponents_points == 4
    assert order(rows) == [2, 1, 3]


def test_a_match_in_play_counts_nothing_yet_and_a_cancelled_one_nothing_at_all() -> None:
    entrants = [Entrant(user, seed=user) for user in (1, 2, 3, 4)]
    matches = [
        Played(1, 1, (1, 2), (1, 2)),
        Played(1, 2, (3, 4), ()),
        Played(2, 1, (1, 3), None),
    ]
    rows = standings(entrants, matches, 2)
    assert points(rows) == {1: 1, 2: 0, 3: 0, 4: 0}
    assert [r.in_play for r in rows] == [True, False, True, False]
    assert [r.games for r in rows] == [1, 1, 0, 0]
    assert row(rows, 3).opponents_points == 0


def test_nobody_played_yet_stands_in_seed_order_all_first() -> None:
    entrants = [Entrant(user, seed=seed) for seed, user in enumerate((30, 10, 20), 1)]
    rows = standings(entrants, (), 3)
    assert order(rows) == [30, 10, 20]
    assert ranks(rows) == [1, 1, 1]


@pytest.mark.parametrize(
    ("entrants", "matches"),
    [
        ([Entrant(1, 1), Entrant(1, 2)], []),
        ([Entrant(1, 1)], [Played(1, 1, (1, 2), (1, 2))]),
        ([Entrant(1, 1), Entrant(2, 2)], [Played(1, 1, (1, 2), (1,))]),
        ([Entrant(1, 1), Entrant(2, 2)], [Played(1, 1, (1, 1), None)]),
    ],
)
def test_standings_that_cannot_be_are_refused(
    entrants: list[Entrant], matches: list[Played]
) -> None:
    with pytest.raises(ValueError):
        standings(entrants, matches, 2)


def leaders() -> tuple[Row, ...]:
    """Five players in matches of 3 after one round; the leader has left since."""
    entrants = [Entrant(user, seed=user) for user in (1, 2, 3, 4, 5)]
    entrants[0] = Entrant(1, seed=1, dropped_round=2)
    matches = [Played(1, 1, (1, 2, 3), (1, 2, 3)), Played(1, 2, (4, 5), (2, 1))]
    return standings(entrants, matches, 3)


def test_the_final_seats_the_leaders_still_in() -> None:
    rows = leaders()
    assert order(rows) == [1, 5, 2, 3, 4]
    assert final_match(rows, 3) == (5, 2, 3)
    assert final_match(rows, 5) == (5, 2, 3, 4)


def test_the_final_orders_its_players_on_top_and_adds_no_points() -> None:
    rows = leaders()
    ended = with_final(rows, Played(2, 1, (5, 2, 3), (3, 1, 2)))
    assert order(ended) == [2, 3, 5, 1, 4]
    assert ranks(ended) == [1, 2, 3, 4, 5]
    assert points(ended) == points(rows)


def test_players_tied_in_the_final_share_a_rank_in_standing_order() -> None:
    rows = leaders()
    ended = with_final(rows, Played(2, 1, (3, 2, 5), (1, 1, 3)))
    assert order(ended) == [2, 3, 5, 1, 4]
    assert ranks(ended) == [1, 1, 3, 4, 5]


def test_a_final_in_play_marks_its_players_and_a_cancelled_one_changes_nothing() -> None:
    rows = leaders()
    playing = with_final(rows, Played(2, 1, (5, 2, 3), None))
    assert order(playing) == order(rows)
    assert [r.in_play for r in playing] == [False, True, True, True, False]
    assert with_final(rows, Played(2, 1, (5, 2, 3), ())) == rows


def test_a_final_of_strangers_is_refused() -> None:
    with pytest.raises(ValueError):
        with_final(leaders(), Played(2, 1, (5, 9), (1, 2)))


class Tournament(NamedTuple):
    entrants: list[Entrant]
    matches: list[Played]
    match_size: int


@st.composite
def tournaments(draw: st.DrawFn) -> Tournament:
    """Some Swiss rounds of random players and results: finished, tied, in play or
    cancelled matches, byes, players dropped along the way."""
    match_size = draw(st.integers(2, 4))
    users = draw(st.lists(st.integers(1, 10**9), min_size=1, max_size=10, unique=True))
    seeds = draw(st.permutations(range(1, len(users) + 1)))
    byes: dict[int, list[int]] = {user: [] for user in users}
    dropped: dict[int, int] = {}
    matches: list[Played] = []
    for number in range(1, draw(st.integers(1, 4)) + 1):
        active = [user for user in draw(st.permutations(users)) if user not in dropped]
        plan = swiss_round(active, {user for user in users if byes[user]}, match_size, 2)
        if plan.bye is not None:
            byes[plan.bye].append(number)
        for match, seated in enumerate(plan.matches, 1):
            places = draw(
                st.one_of(
                    st.none(),
                    st.just(()),
                    st.tuples(*[st.integers(1, len(seated))] * len(seated)),
                )
            )
            matches.append(Played(number, match, seated, places))
        for user in draw(st.sets(st.sampled_from(users))):
            dropped.setdefault(user, number + 1)
    entrants = [
        Entrant(user, seed, tuple(byes[user]), dropped.get(user))
        for user, seed in zip(users, seeds, strict=True)
    ]
    return Tournament(entrants, matches, match_size)


def key(row: Row) -> tuple[Fraction, Fraction, int]:
    return (-row.points, -row.opponents_points, -row.wins)


@given(tournaments())
def test_standings_are_the_sum_of_the_matches_in_order_with_shared_ranks(
    tournament: Tournament,
) -> None:
    entrants, matches, match_size = tournament
    rows = standings(entrants, matches, match_size)
    assert sorted(order(rows)) == sorted(entrant.user for entrant in entrants)
    expected = {e.user: bye_points(match_size) * len(e.byes) for e in entrants}
    games = dict.fromkeys(expected, 0)
    for match in matches:
        if not match.places:
            continue
        for user, score in zip(match.players, match_points(match.places, match_size), strict=True):
            expected[user] += score
            games[user] += 1
    assert points(rows) == expected
    assert {r.user: r.games for r in rows} == games
    assert {r.user: r.in_play for r in rows} == {
        e.user: any(e.user in t.players and t.places is None for t in matches) for e in entrants
    }
    seed = {entrant.user: entrant.seed for entrant in entrants}
    assert [(key(r), seed[r.user]) for r in rows] == sorted((key(r), seed[r.user]) for r in rows)
    assert rows[0].rank == 1
    for index in range(1, len(rows)):
        before, this = rows[index - 1], rows[index]
        shared = key(before) == key(this)
        assert this.rank == (before.rank if shared else index + 1)


@given(tournaments(), st.data())
def test_a_final_puts_its_players_on_top_and_the_rest_in_order(
    tournament: Tournament, data: st.DataObject
) -> None:
    rows = standings(*tournament)
    finalists = final_match(rows, tournament.match_size)
    assume(finalists)
    assert all(row(rows, user).dropped_round is None for user in finalists)
    places = tuple(
        data.draw(st.lists(st.integers(1, 3), min_size=len(finalists), max_size=len(finalists)))
    )
    ended = with_final(rows, Played(9, 1, finalists, places))
    assert set(order(ended[: len(finalists)])) == set(finalists)
    assert order(ended[len(finalists) :]) == [u for u in order(rows) if u not in finalists]
    assert points(ended) == points(rows)
    assert [r.rank for r in ended] == sorted(r.rank for r in ended)
    place = dict(zip(finalists, places, strict=True))
    on_top = order(ended[: len(finalists)])
    assert on_top == sorted(on_top, key=lambda user: (place[user], order(rows).index(user)))
    assert ended[0].rank == 1


def test_partners_score_as_one_team_and_are_no_opponents() -> None:
    """Claim at four: seats 0 and 2 against 1 and 3; the winning pair each score a
    match's win (as a bye does), the losers its last place."""
    entrants = [Entrant(user, seed) for seed, user in enumerate((1, 2, 3, 4), start=1)]
    match = Played(1, 1, (1, 2, 3, 4), (1, 2, 1, 2), teams=((0, 2), (1, 3)))
    rows = {row.user: row for row in standings(entrants, [match], 4)}
    assert [rows[user].points for user in (1, 2, 3, 4)] == [3, 0, 3, 0]
    assert rows[1].points == bye_points(4)
    assert rows[1].wins == rows[3].wins == 1 and rows[2].wins == 0
    # Opponents are the other team alone.
    assert rows[1].opponents_points == 0 and rows[2].opponents_points == 6
