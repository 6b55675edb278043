from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.league import match_sizes


@pytest.mark.parametrize(
    ("players", "match_size", "expected"),
    [
        (9, 3, ((3, 3, 3), False)),
        (7, 3, ((3, 2, 2), False)),
        (8, 3, ((3, 3, 2), False)),
        (5, 4, ((3, 2), False)),
        (10, 4, ((4, 3, 3), False)),
        (4, 3, ((2, 2), False)),
        (9, 2, ((2, 2, 2, 2), True)),
        (8, 2, ((2, 2, 2, 2), False)),
        (3, 2, ((2,), True)),
        (2, 5, ((2,), False)),
        (1, 3, ((), True)),
        (0, 3, ((), False)),
    ],
)
def test_worked_examples(
    players: int, match_size: int, expected: tuple[tuple[int, ...], bool]
) -> None:
    assert match_sizes(players, match_size, 2) == expected


def test_a_game_of_exactly_four_seats_everyone_or_all_but_one() -> None:
    assert match_sizes(8, 4, 4) == ((4, 4), False)
    assert match_sizes(9, 4, 4) == ((4, 4), True)
    assert match_sizes(6, 4, 3) == ((3, 3), False)
    assert match_sizes(5, 4, 3) == ((4,), True)


@pytest.mark.parametrize(
    ("players", "match_size", "fewest"),
    [(6, 4, 4), (5, 3, 3), (3, 4, 1), (3, 2, 3), (-1, 3, 2)],
)
def test_what_no_matches_fit_is_refused(players: int, match_size: int, fewest: int) -> None:
    with pytest.raises(ValueError):
        match_sizes(players, match_size, fewest)


def fits(players: int, match_size: int, fewest: int) -> bool:
    """Whether some matches of ``fewest`` to ``match_size`` seat exactly ``players``."""
    return any(
        matches * fewest <= players <= matches * match_size for matches in range(players + 1)
    )


@given(st.integers(0, 60), st.integers(2, 5), st.data())
def test_matches_seat_everyone_evenly_at_as_few_matches_as_can_be(
    players: int, match_size: int, data: st.DataObject
) -> None:
    fewest = data.draw(st.integers(2, match_size))
    if not fits(players, match_size, fewest) and not fits(players - 1, match_size, fewest):
        with pytest.raises(ValueError):
            match_sizes(players, match_size, fewest)
        return
    sizes, bye = match_sizes(players, match_size, fewest)
    assert sum(sizes) + bye == players
    assert all(fewest <= size <= match_size for size in sizes)
    assert list(sizes) == sorted(sizes, reverse=True)
    assert not sizes or sizes[0] - sizes[-1] <= 1
    assert bye == (not fits(players, match_size, fewest))
    assert len(sizes) == -(-(players - bye) // match_size)
