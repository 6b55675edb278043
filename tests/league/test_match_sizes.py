from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.league import table_sizes


@pytest.mark.parametrize(
    ("players", "table_size", "expected"),
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
    players: int, table_size: int, expected: tuple[tuple[int, ...], bool]
) -> None:
    assert table_sizes(players, table_size, 2) == expected


def test_a_game_of_exactly_four_seats_everyone_or_all_but_one() -> None:
    assert table_sizes(8, 4, 4) == ((4, 4), False)
    assert table_sizes(9, 4, 4) == ((4, 4), True)
    assert table_sizes(6, 4, 3) == ((3, 3), False)
    assert table_sizes(5, 4, 3) == ((4,), True)


@pytest.mark.parametrize(
    ("players", "table_size", "fewest"),
    [(6, 4, 4), (5, 3, 3), (3, 4, 1), (3, 2, 3), (-1, 3, 2)],
)
def test_what_no_tables_fit_is_refused(players: int, table_size: int, fewest: int) -> None:
    with pytest.raises(ValueError):
        table_sizes(players, table_size, fewest)


def fits(players: int, table_size: int, fewest: int) -> bool:
    """Whether some tables of ``fewest`` to ``table_size`` seat exactly ``players``."""
    return any(tables * fewest <= players <= tables * table_size for tables in range(players + 1))


@given(st.integers(0, 60), st.integers(2, 5), st.data())
def test_tables_seat_everyone_evenly_at_as_few_tables_as_can_be(
    players: int, table_size: int, data: st.DataObject
) -> None:
    fewest = data.draw(st.integers(2, table_size))
    if not fits(players, table_size, fewest) and not fits(players - 1, table_size, fewest):
        with pytest.raises(ValueError):
            table_sizes(players, table_size, fewest)
        return
    sizes, bye = table_sizes(players, table_size, fewest)
    assert sum(sizes) + bye == players
    assert all(fewest <= size <= table_size for size in sizes)
    assert list(sizes) == sorted(sizes, reverse=True)
    assert not sizes or sizes[0] - sizes[-1] <= 1
    assert bye == (not fits(players, table_size, fewest))
    assert len(sizes) == -(-(players - bye) // table_size)
