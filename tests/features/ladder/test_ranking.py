from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.features.ladder.ranking import Finish, finishing_ranks, is_rated, sides


def finish(
    user: int, place: int, *, won: bool = False, left: bool = False, team: int | None = None
) -> Finish:
    return Finish(user, won, place, left, user if team is None else team)


def test_humans_rank_by_the_places_their_game_gave_them() -> None:
    finishers = [finish(1, 4), finish(2, 1, won=True), finish(3, 3), finish(4, 2)]
    assert finishing_ranks(finishers) == [4, 1, 3, 2]


def test_places_among_computer_players_close_up_between_humans() -> None:
    finishers = [finish(1, 5), finish(2, 2)]
    assert finishing_ranks(finishers) == [2, 1]


def test_exact_ties_share_a_rank_and_the_next_rank_is_skipped() -> None:
    finishers = [finish(1, 1, won=True), finish(2, 2), finish(3, 2), finish(4, 4)]
    assert finishing_ranks(finishers) == [1, 2, 2, 4]


def test_a_shared_win_is_a_shared_first_place() -> None:
    finishers = [finish(1, 1, won=True), finish(2, 1, won=True), finish(3, 3)]
    assert finishing_ranks(finishers) == [1, 1, 3]


def test_who_left_ranks_last_even_when_their_seat_won_afterwards() -> None:
    finishers = [finish(1, 1, won=True, left=True), finish(2, 3), finish(3, 2)]
    assert finishing_ranks(finishers) == [3, 2, 1]


def test_two_who_left_share_the_last_place() -> None:
    finishers = [finish(1, 1, left=True), finish(2, 3), finish(3, 2, left=True)]
    assert finishing_ranks(finishers) == [2, 1, 2]


def test_a_game_needs_two_humans_to_be_rated() -> None:
    assert not is_rated([])
    assert not is_rated([finish(1, 1, won=True)])
    assert is_rated([finish(1, 1, won=True), finish(2, 2, left=True)])


finishes = st.builds(
    Finish, st.integers(1, 10**18), st.booleans(), st.integers(1, 5), st.booleans()
)


@given(st.lists(finishes, min_size=2, max_size=5))
def test_ranks_follow_the_order_and_never_depend_on_seating(finishers: list[Finish]) -> None:
    ranks = finishing_ranks(finishers)
    assert min(ranks) == 1
    for a, rank_a in zip(finishers, ranks, strict=True):
        if a.left:
            assert rank_a == max(ranks)
        assert rank_a == 1 + sum(r < rank_a for r in ranks)
    reordered = list(reversed(finishers))
    assert finishing_ranks(reordered) == list(reversed(ranks))


def test_partners_alone_against_computer_players_are_not_rated() -> None:
    assert not is_rated([finish(1, 1, team=0), finish(2, 1, team=0)])
    assert is_rated([finish(1, 1, team=0), finish(2, 2, team=1)])


def test_partners_are_one_side_and_a_leaver_a_side_alone() -> None:
    together = [finish(1, 1, team=0), finish(2, 2, team=1), finish(3, 1, team=0)]
    assert sides(together) == [[0, 2], [1]]
    left = [finish(1, 2, team=0), finish(2, 1, team=1), finish(3, 2, team=0, left=True)]
    assert sides(left) == [[0], [1], [2]]
    assert finishing_ranks(left) == [2, 1, 3]
