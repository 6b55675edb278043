"""Reading a roll: every assignment of the three dice to column, row and marker number.

All 216 rolls are worked out once, so finding the legal placements of a roll is
a handful of mask tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations, product
from typing import NamedTuple

from engine.claimit.actions import Placement
from engine.claimit.board import Space
from engine.claimit.errors import BadDice
from engine.claimit.markers import CLAIM, squatter

Dice = tuple[int, int, int]


class Candidate(NamedTuple):
    """One space a roll reaches, the squatter number it offers there, and both placements."""

    bit: int
    number: int
    as_squatter: Placement
    as_claim: Placement


def _candidates(dice: tuple[int, ...]) -> tuple[Candidate, ...]:
    # Column and row fix the third die, so each space a roll reaches comes with
    # exactly one squatter number: deduplicating (col, row, n) merges doubles.
    assignments = sorted(set(permutations(dice)))
    return tuple(
        Candidate(
            Space(col, row).bit, n, Placement(col, row, squatter(n)), Placement(col, row, CLAIM)
        )
        for col, row, n in assignments
    )


_TABLE: dict[tuple[int, ...], tuple[Candidate, ...]] = {
    dice: _candidates(dice) for dice in product(range(1, 7), repeat=3)
}


def candidates(dice: Sequence[int]) -> tuple[Candidate, ...]:
    """The assignments of a roll, ordered by column then row; raises ``BadDice``."""
    # type() rather than isinstance(): True would otherwise pass as a die showing 1.
    if (
        isinstance(dice, (tuple, list))
        and len(dice) == 3
        and type(dice[0]) is int
        and type(dice[1]) is int
        and type(dice[2]) is int
    ):
        found = _TABLE.get(tuple(dice))
        if found is not None:
            return found
    raise BadDice(f"dice must be three whole numbers from 1 to 6, got {dice!r}")


def check_dice(dice: Sequence[int]) -> Dice:
    candidates(dice)
    return (dice[0], dice[1], dice[2])
