"""The single turn's worths and busting rolls as the product ships them: solved once by
``python -m scripts.gold_nuggets_turn_table`` (``policy.solved_grid``,
``odds.busting_rolls``) and read, so that a process showing Gold Nuggets' odds never
solves them.

Solved in a bot's process, the policy kept every set-aside of every roll of a turn (its
caches of 2,587 pairs of numbers aside and roll) for good, about 2.5 MiB, and took 0.24 s
of CPU at the first odds shown. The table holds, for each count of dice left (0-7), bit
set of numbers aside (0-15) and value so far (0 to ``VALUES`` - 1, past any turn's), the
worth of rolling on and of having just set aside, with and without the bonus rule, as
little-endian doubles (90 KB); then, for each count of dice left and numbers aside, how
many of the ordered rolls of those dice bust, as little-endian 32-bit counts. The
arithmetic is Python's floats in a fixed order, so the bytes are the same on every
machine (``--check`` rebuilds and compares them, and so do the tests).
"""

from __future__ import annotations

import struct
import sys
from array import array
from collections.abc import Iterator, Sequence
from functools import cache
from importlib.resources import files
from typing import Final, NamedTuple, TypeVar

from engine.gold_nuggets.dice import DICE, NUMBERS

TABLE_FILE: Final = "gold_nuggets_turn.bin"
LEFT: Final = DICE + 1
"""Counts of dice left, 0 to 7."""
ASIDE: Final = 1 << len(NUMBERS)
"""Bit sets of numbers aside."""
VALUES: Final = DICE + sum(NUMBERS) + 1
"""Values so far, from 0: no turn's passes every die a nugget and every number set aside."""
KEYS: Final = LEFT * ASIDE * VALUES
_DOUBLES: Final = struct.Struct(f"<{KEYS}d")
_COUNTS: Final = struct.Struct(f"<{LEFT * ASIDE}I")


class Worths(NamedTuple):
    """Each key's worth (``grid`` order): of rolling on, and of having just set aside."""

    roll_on: Sequence[float]
    after: Sequence[float]


class Table(NamedTuple):
    """The shipped table: the worths with the bonus rule and without, and the busting
    rolls by dice left and numbers aside."""

    bonus: Worths
    plain: Worths
    busting: Sequence[int]


def grid() -> Iterator[tuple[int, int, int]]:
    """Every (dice left, numbers aside, value) the table holds, in its order."""
    for left in range(LEFT):
        for numbers in range(ASIDE):
            for value in range(VALUES):
                yield left, numbers, value


def _index(left: int, numbers: int, value: int) -> int:
    if 0 <= left < LEFT and 0 <= numbers < ASIDE and 0 <= value < VALUES:
        return (left * ASIDE + numbers) * VALUES + value
    raise ValueError(
        f"no turn has {left} dice left, numbers {numbers} aside and a value of {value}"
    )


def to_bytes(table: Table) -> bytes:
    """The table as its package data holds it."""
    return b"".join(
        (
            *(
                _DOUBLES.pack(*worths.roll_on) + _DOUBLES.pack(*worths.after)
                for worths in (table.bonus, table.plain)
            ),
            _COUNTS.pack(*table.busting),
        )
    )


def from_bytes(data: bytes) -> Table:
    """``to_bytes`` read back, as arrays (8 bytes a worth, where a tuple of floats takes
    32); a ``ValueError`` where the data is not a whole table."""
    size = _DOUBLES.size
    if len(data) != 4 * size + _COUNTS.size:
        raise ValueError(f"a turn table is {4 * size + _COUNTS.size} bytes, not {len(data)}")
    parts = [_little_endian(array("d"), data[part * size : (part + 1) * size]) for part in range(4)]
    busting = _little_endian(array("I"), data[4 * size :])
    return Table(Worths(parts[0], parts[1]), Worths(parts[2], parts[3]), busting)


Item = TypeVar("Item", int, float)


def _little_endian(read: array[Item], data: bytes) -> array[Item]:
    read.frombytes(data)
    if sys.byteorder == "big":
        read.byteswap()
    return read


@cache
def shipped() -> Table:
    """The shipped table, read once a process."""
    return from_bytes(files("engine.gold_nuggets").joinpath(TABLE_FILE).read_bytes())


def worths(bonus: bool) -> Worths:
    """The shipped worths with the bonus rule, or without it."""
    table = shipped()
    return table.bonus if bonus else table.plain


def roll_on(left: int, numbers: int, value: int, bonus: bool) -> float:
    """The shipped worth of rolling on; a ``ValueError`` for a key no turn reaches."""
    return worths(bonus).roll_on[_index(left, numbers, value)]


def after(left: int, numbers: int, value: int, bonus: bool) -> float:
    """The shipped worth of having just set aside; a ``ValueError`` for a key no turn
    reaches."""
    return worths(bonus).after[_index(left, numbers, value)]


def busting(left: int, numbers: int) -> int:
    """How many of the ordered rolls of ``left`` dice bust with ``numbers`` aside; a
    ``ValueError`` for a count of dice or a set of numbers no turn has."""
    if 0 <= left < LEFT and 0 <= numbers < ASIDE:
        return shipped().busting[left * ASIDE + numbers]
    raise ValueError(f"no turn rolls {left} dice with numbers {numbers} aside")
