"""The 6×6 board: spaces, their names, and the bitboard geometry of mines.

A set of spaces is an int with bit ``(row - 1) * 6 + (col - 1)`` per space, so
that the rules and the mine search work on whole sets at once.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

SIZE = 6
ALL_SPACES = (1 << (SIZE * SIZE)) - 1

_COL_1 = sum(1 << (row * SIZE) for row in range(SIZE))
_COL_LAST = _COL_1 << (SIZE - 1)


class Space(NamedTuple):
    """A board space. ``col`` is numbered along the bottom, ``row`` up the side."""

    col: int
    row: int

    def __str__(self) -> str:
        return f"{self.col},{self.row}"

    @property
    def bit_index(self) -> int:
        return (self.row - 1) * SIZE + self.col - 1

    @property
    def bit(self) -> int:
        return 1 << self.bit_index

    @classmethod
    def parse(cls, name: str) -> Space:
        """Read the ``"c,r"`` notation; raises ``ValueError`` for anything else."""
        space = _BY_NAME.get(name)
        if space is None:
            raise ValueError(f"{name!r} is not a space of the 6×6 board (expected 'c,r')")
        return space


SPACES: tuple[Space, ...] = tuple(
    Space(col, row) for row in range(1, SIZE + 1) for col in range(1, SIZE + 1)
)
_BY_NAME = {str(space): space for space in SPACES}


def on_board(col: int, row: int) -> bool:
    return 1 <= col <= SIZE and 1 <= row <= SIZE


def indices(mask: int) -> Iterator[int]:
    """The space indices in a set, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def spaces(mask: int) -> Iterator[Space]:
    for index in indices(mask):
        yield SPACES[index]


def _grow(region: int) -> int:
    """The region plus its orthogonal neighbours (diagonals do not connect)."""
    return (
        region
        | ((region << 1) & ~_COL_1)
        | ((region >> 1) & ~_COL_LAST)
        | (region << SIZE)
        | (region >> SIZE)
    ) & ALL_SPACES


def groups(mask: int) -> list[int]:
    """The orthogonally connected groups of a set of spaces, as sets."""
    found = []
    while mask:
        group = mask & -mask
        while True:
            grown = _grow(group) & mask
            if grown == group:
                break
            group = grown
        found.append(group)
        mask &= ~group
    return found


def largest_group(mask: int) -> int:
    """The largest connected group (the first found on a tie); 0 for an empty set."""
    return max(groups(mask), key=int.bit_count, default=0)
