"""Winning: largest mine, then claims, then spaces; a full tie shares the win (example 6)."""

from __future__ import annotations

from engine.claimit import Score, scores, winners
from tests.engine.claimit.positions import position


def table(state_scores: tuple[Score, ...]) -> list[tuple[int, int, int, int]]:
    return [(s.seat, s.largest, s.claims, s.spaces) for s in state_scores]


def test_example_6_the_largest_mine_wins_over_more_claims() -> None:
    board = {f"{c},1": ["C", "P2"] for c in range(1, 7)}
    board.update({"6,2": ["C", "P2"], "1,6": ["C", "P2"], "3,6": ["C", "P2"]})
    board.update({"1,3": ["P0"], "1,4": ["P0"], "2,3": ["C", "P0"], "2,4": ["P0"]})
    board.update({"3,3": ["P0"], "3,4": ["P0"]})
    board.update({"5,4": ["P1"], "6,4": ["P1"], "5,5": ["P1"], "6,5": ["C", "P1"], "5,6": ["P1"]})
    state = position(
        board, players=3, turn=2, phase="over", last_round={"caller": 2, "turns_left": 0}
    )
    result = scores(state)
    assert table(result) == [(0, 6, 1, 6), (1, 5, 1, 5), (2, 7, 9, 9)]
    assert winners(result) == (2,)


def test_a_tie_on_the_largest_mine_goes_to_most_claims() -> None:
    state = position({"1,1": ["C", "P0"], "1,2": ["P0"], "4,4": ["P1"], "4,5": ["P1"]})
    assert winners(scores(state)) == (0,)


def test_a_tie_on_mine_and_claims_goes_to_most_spaces() -> None:
    state = position(
        {"1,1": ["C", "P0"], "1,2": ["P0"], "4,4": ["C", "P1"], "4,5": ["P1"], "6,6": ["P1"]}
    )
    assert winners(scores(state)) == (1,)


def test_house_ruling_a_full_tie_shares_the_win() -> None:
    state = position(
        {"1,1": ["C", "P0"], "1,2": ["P0"], "4,4": ["C", "P1"], "4,5": ["P1"], "6,6": ["P2"]},
        players=3,
    )
    assert winners(scores(state)) == (0, 1)


def test_diagonal_spaces_are_not_connected() -> None:
    state = position({"1,1": ["P0"], "2,2": ["P0"], "3,3": ["P0"], "5,5": ["P1"], "5,6": ["P1"]})
    assert table(scores(state)) == [(0, 1, 0, 3), (1, 2, 0, 2)]


def test_mines_do_not_wrap_around_the_board_edge() -> None:
    state = position({"6,1": ["P0"], "1,2": ["P0"]})
    assert scores(state)[0].largest == 1


def test_only_the_top_marker_counts_during_a_turn() -> None:
    state = position({"1,1": ["P1", "S3"], "1,2": ["P0", "C"], "1,3": ["P1"]})
    assert table(scores(state)) == [(0, 0, 0, 0), (1, 1, 0, 1)]


def test_the_score_shows_which_spaces_form_the_largest_mine() -> None:
    state = position({"1,1": ["P0"], "1,2": ["P0"], "4,4": ["P0"]})
    mine = scores(state)[0].largest_mine
    assert mine == (1 << 0) | (1 << 6)
