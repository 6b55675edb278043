"""The faces of a Gold Nuggets die, counts of dice by face, and what a roll lets a player
set aside.

``legal_set_asides`` depends only on which numbers are already set aside this
turn (16 possibilities) and on the roll as counts (1,715 multisets of one to
seven dice), so it is computed once per pair and kept, for the ``CHOICES_KEPT`` pairs
used last: all 27,440 pairs held 37 MiB, which a long-running bot's games filled a roll at
a time.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum
from functools import lru_cache
from itertools import product
from typing import Final, NamedTuple


class Face(StrEnum):
    LASSO = "L"
    NUGGET = "N"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"


FACES: Final = (Face.LASSO, Face.NUGGET, Face.TWO, Face.THREE, Face.FOUR, Face.FIVE)
DICE: Final = 7
ORDERED_ROLLS: Final[tuple[int, ...]] = tuple(len(FACES) ** dice for dice in range(DICE + 1))
"""How many ordered rolls each number of dice has: 6^k."""
NUMBERS: Final = (2, 3, 4, 5)
"""The worth of the number faces, in the order they follow lasso and nugget in ``FACES``."""

_INDEX: Final = {face: i for i, face in enumerate(FACES)}
_BY_NAME: Final[dict[str, Face]] = {face.value: face for face in FACES}


def parse_face(raw: object) -> Face | None:
    """The face a value names, or None: only the strings "L", "N", "2"…"5" are faces."""
    return _BY_NAME.get(raw) if isinstance(raw, str) else None


class Counts(NamedTuple):
    """How many dice show each face, in ``FACES`` order."""

    lasso: int = 0
    nugget: int = 0
    two: int = 0
    three: int = 0
    four: int = 0
    five: int = 0

    @classmethod
    def of(cls, faces: Iterable[Face]) -> Counts:
        n = [0] * 6
        for face in faces:
            n[_INDEX[face]] += 1
        return cls(*n)

    @classmethod
    def from_mapping(cls, mapping: Mapping[Face, int]) -> Counts:
        """Raises ``ValueError`` for a key that is not a face or a count that is not a
        non-negative whole number; faces left out count 0."""
        n = [0] * 6
        for key, count in mapping.items():
            face = parse_face(key)
            if face is None:
                raise ValueError(f"{key!r} is not a face: use L, N, 2, 3, 4 or 5")
            if type(count) is not int or count < 0:
                raise ValueError(f"the count of {face} must be a whole number >= 0, not {count!r}")
            n[_INDEX[face]] = count
        return cls(*n)

    def get(self, face: Face) -> int:
        return self[_INDEX[face]]

    @property
    def total(self) -> int:
        return sum(self)

    @property
    def value(self) -> int:
        """Each nugget 1, each number with three or more dice its worth once, lassos 0."""
        return self.nugget + sum(n for n, k in zip(NUMBERS, self[2:], strict=True) if k >= 3)

    @property
    def lassos(self) -> int:
        return self.lasso

    @property
    def numbers(self) -> int:
        """The numbers present, as a bit set (bit 0 for 2 … bit 3 for 5)."""
        return (self.two > 0) | (self.three > 0) << 1 | (self.four > 0) << 2 | (self.five > 0) << 3

    def plus(self, other: Counts) -> Counts:
        return Counts(*(a + b for a, b in zip(self, other, strict=True)))

    def minus(self, other: Counts) -> Counts:
        """Raises ``ValueError`` when ``other`` holds more of a face than this."""
        left = tuple(a - b for a, b in zip(self, other, strict=True))
        if min(left) < 0:
            raise ValueError(f"{other} is not part of {self}")
        return Counts(*left)

    def items(self) -> tuple[tuple[Face, int], ...]:
        """The faces present and their counts, in ``FACES`` order."""
        return tuple((face, n) for face, n in zip(FACES, self, strict=True) if n)

    def __str__(self) -> str:
        return " ".join(f"{n}×{face}" for face, n in self.items()) or "nothing"


EMPTY: Final = Counts()


def legal_set_asides(aside: Counts, roll: Counts) -> tuple[Counts, ...]:
    """Every set-aside the roll allows after ``aside``, ascending by counts in face order.

    Empty means the roll busts.
    """
    return choices(aside.numbers, roll)


CHOICES_KEPT: Final = 4096
"""Pairs of numbers aside and roll whose set-asides are kept: 5.9 MiB for 4,096 pairs taken
at random, 14 MiB for the 4,096 with the most set-asides. More than the games in play ask
again within a turn, and than a computer player's plan of a turn goes over (every roll of
up to seven dice after each numbers aside it reaches: 2,587 pairs for the whole turn)."""


@lru_cache(maxsize=CHOICES_KEPT)
def choices(numbers_aside: int, roll: Counts) -> tuple[Counts, ...]:
    """``legal_set_asides`` keyed by the bit set of numbers already set aside."""
    ranges: list[Iterable[int]] = [range(roll.lasso + 1), range(roll.nugget + 1)]
    for bit, rolled in enumerate(roll[2:]):
        # A number new to this turn needs three dice at once; one already
        # set aside may be added to one die at a time.
        ranges.append(range(rolled + 1) if numbers_aside >> bit & 1 else (0, *range(3, rolled + 1)))
    # product() of ascending ranges runs in lexicographic order, which is the
    # protocol's sort; only its first tuple sets nothing aside.
    return tuple(Counts(*c) for c in product(*ranges))[1:]


@lru_cache(maxsize=CHOICES_KEPT)
def choice_set(numbers_aside: int, roll: Counts) -> frozenset[Counts]:
    return frozenset(choices(numbers_aside, roll))
