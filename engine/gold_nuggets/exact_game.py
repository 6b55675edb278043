"""The 2-player game of Gold Nuggets solved exactly: the chance that the player about to
start a turn wins, for every position between two turns, with both players playing to win.

The state between turns: the centre (1 to 77) and the nuggets of the player to move;
the other player holds the rest (77 - centre - mover's), so both scores matter and the
pair says them. A tie needs an even total, and 77 is odd: a 2-player game always has one
winner, so the other player's chance is 1 - the mover's.

A take from the centre makes it smaller, so the table is solved centre by centre, from 1
up. Inside a centre, a bust, a take worth 0 and a steal all lead to a position of the same
centre (the other player to move, or the mover again after seven dice): there the chances
of every holding are found together by value iteration, each pass one turn played
optimally against the last pass's chances. A turn is the exact programme over dice left,
numbers set aside (a bit set), value and lassos (up to the three a steal needs), every
distinct roll weighted by how many ordered rolls give it, as ``policy``'s but with each end
worth its chance to win: the ends are the bust, a take from the centre or a steal (three
lassos), and after seven dice a take and a new turn. Unlike ``policy`` it keeps every
set-aside's value, not the greatest only: near the end a take that empties the centre while
behind loses, and a smaller one may not.

Pure and deterministic: floats added in a fixed order, no library but Python's own, so
``scripts/gold_nuggets_table.py`` writes the same bytes wherever it runs. The table ships
as package data (``gold_nuggets_2p.bin``: 3,003 doubles, little-endian, centre 1 to 77 in
turn, each centre's holdings 0 to 77 - centre); ``table`` reads it once a process.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from functools import cache
from importlib.resources import files
from typing import Final

from engine.gold_nuggets.dice import DICE, NUMBERS, ORDERED_ROLLS, Counts, choices
from engine.gold_nuggets.policy import distinct_rolls
from engine.gold_nuggets.state import CENTRE_START, STEAL_LASSOS

TABLE_FILE: Final = "gold_nuggets_2p.bin"
"""The table's package data, beside this module."""
WINNING: Final = CENTRE_START // 2 + 1
"""The nuggets that win a 2-player game once the centre is empty: 39 of 77."""
TOLERANCE: Final = 1e-15
"""Value iteration stops once no chance of the centre moves by more than this."""
MAX_PASSES: Final = 500

Key = tuple[int, int, int, int]
"""(dice left, numbers set aside as a bit set, value, lassos up to three)."""
Vector = list[float]
"""A chance for each holding of the mover in one centre, holding 0 first."""


@cache
def outcomes(numbers: int, roll: Counts) -> tuple[tuple[int, int, int, int], ...]:
    """Every distinct result of the roll's set-asides, as (dice used, numbers after, value
    gained, lassos set aside): no value dropped, as a greater one can lose the game."""
    found: dict[tuple[int, int, int, int], None] = {}
    for choice in choices(numbers, roll):
        new = choice.numbers & ~numbers
        gain = choice.nugget + sum(n for bit, n in enumerate(NUMBERS) if new >> bit & 1)
        found[(choice.total, numbers | choice.numbers, gain, choice.lasso)] = None
    return tuple(found)


class Program:
    """A turn as a programme: each roll node's distinct rolls grouped by the positions
    their set-asides lead to (rolls that lead to the same ones have the same worth), in an
    order where a node comes after everything it needs."""

    def __init__(self) -> None:
        self.rolls: dict[Key, list[tuple[tuple[Key, ...], int]]] = {}
        self._visit((DICE, 0, 0, 0))
        # Fewer dice left first: a node needs only nodes with fewer dice left.
        self.order: list[Key] = sorted(self.rolls, key=lambda key: key[0])

    def _visit(self, key: Key) -> None:
        left, numbers, value, lassos = key
        grouped: dict[tuple[Key, ...], int] = {}
        for roll, weight in distinct_rolls(left):
            children = tuple(
                sorted(
                    {
                        (left - used, after, value + gain, min(lassos + roped, STEAL_LASSOS))
                        for used, after, gain, roped in outcomes(numbers, roll)
                    }
                )
            )
            grouped[children] = grouped.get(children, 0) + weight
        self.rolls[key] = list(grouped.items())
        for children in grouped:
            for child in children:
                if child[0] and child not in self.rolls:
                    self._visit(child)


@cache
def program() -> Program:
    return Program()


def final(mover: int, centre: int) -> float:
    """The mover's result once the mover takes the centre's last ``centre`` nuggets."""
    return 1.0 if 2 * (mover + centre) > CENTRE_START else 0.0


class Ends:
    """What each end of a turn is worth to the mover, holding by holding, in ``centre``,
    given the chances of the smaller centres (``lower``, by centre) and of this one
    (``same``)."""

    def __init__(self, centre: int, lower: Sequence[Sequence[float]], same: Sequence[float]):
        self.centre = centre
        self.lower = lower
        self.same = same
        self.size = CENTRE_START - centre + 1
        self.bust: Vector = [1.0 - same[self._other(m)] for m in range(self.size)]
        self._ends: dict[tuple[int, bool, bool], Vector] = {}

    def _other(self, mover: int) -> int:
        return CENTRE_START - self.centre - mover

    def end(self, value: int, steal: bool, seven: bool) -> Vector:
        key = (value, steal, seven)
        known = self._ends.get(key)
        if known is None:
            known = self._ends[key] = [self.one(m, value, steal, seven) for m in range(self.size)]
        return known

    def one(self, mover: int, value: int, steal: bool, seven: bool) -> float:
        """The mover's chance after taking ``value`` from the best source."""
        centre, other = self.centre, self._other(mover)
        if value >= centre:
            best = final(mover, centre)
        elif value == 0:
            best = self.same[mover] if seven else 1.0 - self.same[other]
        elif seven:
            best = self.lower[centre - value][mover + value]
        else:
            best = 1.0 - self.lower[centre - value][other]
        if steal:
            stolen = min(value, other)
            robbed = self.same[mover + stolen] if seven else 1.0 - self.same[other - stolen]
            best = max(best, robbed)
        return best


def turn(ends: Ends, prog: Program | None = None) -> dict[Key, Vector]:
    """Every roll node's worth to the mover (rolling from there, then playing on
    optimally), holding by holding."""
    prog = prog or program()
    rolls: dict[Key, Vector] = {}
    afters: dict[Key, Vector] = {}

    def after(key: Key) -> Vector:
        known = afters.get(key)
        if known is None:
            left, _, value, lassos = key
            steal = lassos >= STEAL_LASSOS
            if left == 0:
                known = ends.end(value, steal, True)
            else:
                known = list(map(max, ends.end(value, steal, False), rolls[key]))
            afters[key] = known
        return known

    for key in prog.order:
        count = ORDERED_ROLLS[key[0]]
        total = [0.0] * ends.size
        for children, weight in prog.rolls[key]:
            if not children:
                best = ends.bust
            elif len(children) == 1:
                best = after(children[0])
            else:
                best = list(map(max, *(after(child) for child in children)))
            total = [sum_ + weight * chance for sum_, chance in zip(total, best, strict=True)]
        rolls[key] = [sum_ / count for sum_ in total]
    return rolls


def solve_centre(centre: int, lower: Sequence[Sequence[float]]) -> Vector:
    """The mover's chance to win at the start of a turn with ``centre`` in the centre,
    for each of its holdings (0 to 77 - centre), given ``lower[c]`` for every smaller
    centre c: value iteration from the next smaller centre's chances (a half each for
    the centre of 1), which are close."""
    size = CENTRE_START - centre + 1
    same: Vector = list(lower[centre - 1][:size]) if centre > 1 else [0.5] * size
    root = (DICE, 0, 0, 0)
    for _ in range(MAX_PASSES):
        found = turn(Ends(centre, lower, same))[root]
        moved = max(abs(a - b) for a, b in zip(found, same, strict=True))
        same = found
        if moved <= TOLERANCE:
            return same
    raise ArithmeticError(f"centre {centre} did not converge in {MAX_PASSES} passes")


def solve(centres: int = CENTRE_START) -> list[Vector]:
    """The table, centre by centre from 1 (index 0 is the empty centre, unused)."""
    table: list[Vector] = [[]]
    for centre in range(1, centres + 1):
        table.append(solve_centre(centre, table))
    return table


def to_bytes(table: Sequence[Sequence[float]]) -> bytes:
    """The table as its package data holds it."""
    flat = [chance for row in table[1:] for chance in row]
    return struct.pack(f"<{len(flat)}d", *flat)


def from_bytes(data: bytes) -> list[Vector]:
    """``to_bytes`` read back."""
    flat = struct.unpack(f"<{len(data) // 8}d", data)
    table: list[Vector] = [[]]
    at = 0
    for centre in range(1, CENTRE_START + 1):
        size = CENTRE_START - centre + 1
        table.append(list(flat[at : at + size]))
        at += size
    if at != len(flat):
        raise ValueError(f"the table holds {len(flat)} chances, not {at}")
    return table


@cache
def table() -> list[Vector]:
    """The shipped table (``from_bytes``), read once a process."""
    return from_bytes(files("engine.gold_nuggets").joinpath(TABLE_FILE).read_bytes())


def win_chance(centre: int, mover: int) -> float:
    """The chance that the player to start a turn, holding ``mover``, wins the 2-player
    game with ``centre`` in the centre (the other holding the rest)."""
    if centre == 0:
        return final(mover, 0)
    return table()[centre][mover]


def pair_chance(centre: int, lead: int, first: bool) -> float:
    """The chance that a player leading another by ``lead`` nuggets (less than 0: behind)
    wins a 2-player game with ``centre`` in the centre, ``first``: the player moves first.
    The 2-player game's holdings add up to 77 - centre; where the lead's parity does not
    fit them, the mean of the two leads beside it."""
    rest = CENTRE_START - centre

    def at(lead: int) -> float:
        mine = min(max((rest + lead) // 2, 0), rest)
        return win_chance(centre, mine) if first else 1.0 - win_chance(centre, rest - mine)

    if (rest + lead) % 2 == 0:
        return at(lead)
    return (at(lead - 1) + at(lead + 1)) / 2
