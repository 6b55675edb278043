from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.league import bye_points, match_points, points_text

GLYPHS = {"½": Fraction(1, 2), "⅓": Fraction(1, 3), "⅔": Fraction(2, 3), "¼": Fraction(1, 4)}
GLYPHS["¾"] = Fraction(3, 4)


def pts(*values: int | Fraction) -> tuple[Fraction, ...]:
    """Points written as plain numbers."""
    return tuple(Fraction(value) for value in values)


def read(text: str) -> Fraction:
    """The points a text shows, read back as someone would."""
    if text[-1] in GLYPHS:
        return Fraction(int(text[:-1] or "0")) + GLYPHS[text[-1]]
    return Fraction(text)


def test_a_full_match_gives_one_point_less_a_place_down_to_none() -> None:
    assert match_points((1, 2, 3, 4), 4) == pts(3, 2, 1, 0)
    assert match_points((1, 2, 3, 4, 5), 5) == pts(4, 3, 2, 1, 0)


def test_a_smaller_match_still_gives_its_winner_the_most_and_its_last_nothing() -> None:
    assert match_points((1, 2, 3), 4) == pts(3, Fraction(3, 2), 0)
    assert match_points((1, 2), 4) == pts(3, 0)
    assert match_points((2, 1), 3) == pts(0, 2)


def test_two_player_matches_score_one_for_a_win_and_half_each_for_a_tie() -> None:
    assert match_points((1, 2), 2) == pts(1, 0)
    assert match_points((1, 1), 2) == pts(Fraction(1, 2), Fraction(1, 2))


def test_tied_players_share_the_points_of_the_places_they_span() -> None:
    assert match_points((1, 1, 3), 3) == pts(Fraction(3, 2), Fraction(3, 2), 0)
    assert match_points((3, 1, 1, 1), 4) == pts(0, 2, 2, 2)
    assert match_points((1, 2, 2), 4) == pts(3, Fraction(3, 4), Fraction(3, 4))


def test_places_count_by_the_players_ahead_however_they_are_written() -> None:
    assert match_points((1, 1, 2), 3) == match_points((1, 1, 3), 3)
    assert match_points((5, 9), 2) == pts(1, 0)


def test_a_cancelled_game_gives_nobody_anything_and_a_lone_player_a_win() -> None:
    assert match_points((), 3) == pts()
    assert match_points((1,), 3) == pts(2)


def test_a_bye_scores_a_win_at_a_full_match() -> None:
    assert bye_points(2) == 1
    assert bye_points(4) == 3
    assert bye_points(4) == match_points((1, 2, 3, 4), 4)[0]


@pytest.mark.parametrize(
    ("places", "match_size"),
    [((1, 2), 1), ((1, 2, 3), 2), ((0, 1), 2), ((1, -1, 2), 3)],
)
def test_a_match_that_cannot_be_is_refused(places: tuple[int, ...], match_size: int) -> None:
    with pytest.raises(ValueError):
        match_points(places, match_size)


def test_a_bye_needs_a_match_of_two_at_least() -> None:
    with pytest.raises(ValueError):
        bye_points(1)


@given(st.integers(2, 5).flatmap(lambda size: st.tuples(st.just(size), places(size))))
def test_a_match_shares_out_the_same_points_whatever_its_ties(
    sized: tuple[int, tuple[int, ...]],
) -> None:
    match_size, placed = sized
    points = match_points(placed, match_size)
    assert sum(points) == Fraction((match_size - 1) * len(placed), 2)
    for place, score in zip(placed, points, strict=True):
        for other_place, other_score in zip(placed, points, strict=True):
            assert (place < other_place) == (score > other_score)
            assert (place == other_place) == (score == other_score)
    if placed.count(min(placed)) == 1:
        assert max(points) == match_size - 1
    if placed.count(max(placed)) == 1:
        assert min(points) == 0


def places(match_size: int) -> st.SearchStrategy[tuple[int, ...]]:
    sizes = st.integers(2, match_size)
    return sizes.flatmap(lambda n: st.lists(st.integers(1, n), min_size=n, max_size=n)).map(tuple)


@pytest.mark.parametrize(
    ("points", "text"),
    [
        (Fraction(3), "3"),
        (Fraction(0), "0"),
        (Fraction(3, 2), "1½"),
        (Fraction(9, 4), "2¼"),
        (Fraction(8, 3), "2⅔"),
        (Fraction(1, 3), "⅓"),
        (Fraction(1, 2), "½"),
        (Fraction(15, 4), "3¾"),
        (Fraction(11, 5), "2.2"),
        (Fraction(23, 6), "3.8"),
        (Fraction(1, 6), "0.2"),
        (Fraction(1, 20), "0.1"),
    ],
)
def test_points_read_as_people_write_them(points: Fraction, text: str) -> None:
    assert points_text(points) == text


def test_points_are_never_negative() -> None:
    with pytest.raises(ValueError):
        points_text(Fraction(-1, 2))


@given(st.integers(0, 400), st.sampled_from([1, 2, 3, 4]))
def test_points_in_halves_thirds_and_quarters_read_back_exactly(
    numerator: int, denominator: int
) -> None:
    points = Fraction(numerator, denominator)
    assert read(points_text(points)) == points


@given(st.fractions(min_value=0, max_value=100))
def test_any_points_read_back_to_within_a_twentieth(points: Fraction) -> None:
    assert abs(read(points_text(points)) - points) <= Fraction(1, 20)
