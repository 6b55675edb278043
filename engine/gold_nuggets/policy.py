"""The optimal single-turn policy: what maximises the expected nuggets a turn takes.

A turn's future depends only on the dice left, the numbers already set aside
(they count once, and new ones need three dice) and the value so far: lassos
are worth nothing here, as this table ignores stealing and the centre running
out. So the key is (dice left, numbers as a bit set, value), a few hundred keys.

With the bonus rule, setting aside all seven dice takes the value and then
plays a fresh turn worth V, so V appears inside its own equation
V = f(V). f is convex and piecewise linear in V (a maximum of expectations of
maxima of affine functions) with slope below 1, so Newton's method on it
reaches the fixed point exactly in a few passes; each pass carries every
value's slope in V alongside the value.

The product reads the worths from a table shipped with it (``turn_table``), solved here
once for every key a turn can have (``solved_grid``): a process that shows the odds never
solves the turn, nor keeps the solver's caches.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import Final

from engine.gold_nuggets import turn_table
from engine.gold_nuggets.dice import DICE, FACES, NUMBERS, ORDERED_ROLLS, Counts, choices

_FIRST_GUESS: Final = 4.5
"""Where Newton's method starts; any guess converges, a close one in fewer passes."""


@cache
def distinct_rolls(dice: int) -> tuple[tuple[Counts, int], ...]:
    """Each roll of ``dice`` dice as counts, with how many of the 6^dice ordered rolls give it."""
    return tuple(
        (roll, factorial(dice) // prod(factorial(n) for n in roll))
        for roll in (Counts.of(faces) for faces in combinations_with_replacement(FACES, dice))
    )


@cache
def outcomes(numbers_aside: int, roll: Counts) -> tuple[tuple[int, int, int], ...]:
    """What the roll's set-asides lead to, as (dice used, numbers aside after, value gained).

    Set-asides with the same dice used and numbers after differ only in value
    gained, and more value never hurts, so only the best of each is kept.
    """
    best: dict[tuple[int, int], int] = {}
    for choice in choices(numbers_aside, roll):
        after = numbers_aside | choice.numbers
        gain = choice.nugget + sum(
            n for bit, n in enumerate(NUMBERS) if (after & ~numbers_aside) >> bit & 1
        )
        key = (choice.total, after)
        if gain > best.get(key, -1):
            best[key] = gain
    return tuple((used, after, gain) for (used, after), gain in best.items())


class _Turn:
    """Expected takes of positions in a turn, for a given worth of a fresh bonus turn."""

    def __init__(self, bonus: float | None) -> None:
        self.bonus = bonus
        self.afters: dict[tuple[int, int, int], tuple[float, float]] = {}
        self.rolls: dict[tuple[int, int, int], tuple[float, float]] = {}

    def after(self, left: int, numbers: int, value: int) -> tuple[float, float]:
        """The worth of having set aside to this point (then playing on optimally), and its
        slope in the bonus turn's worth."""
        if left == 0:
            return (value, 0.0) if self.bonus is None else (value + self.bonus, 1.0)
        key = (left, numbers, value)
        known = self.afters.get(key)
        if known is None:
            rolled = self.roll_on(left, numbers, value)
            known = self.afters[key] = rolled if rolled[0] > value else (value, 0.0)
        return known

    def roll_on(self, left: int, numbers: int, value: int) -> tuple[float, float]:
        """The worth of rolling the ``left`` dice now, and its slope in the bonus turn's worth."""
        key = (left, numbers, value)
        known = self.rolls.get(key)
        if known is not None:
            return known
        total = slope = 0.0
        after = self.after
        for roll, weight in distinct_rolls(left):
            best = best_slope = 0.0
            for used, numbers_after, gain in outcomes(numbers, roll):
                worth, worth_slope = after(left - used, numbers_after, value + gain)
                if worth > best:
                    best, best_slope = worth, worth_slope
            total += weight * best
            slope += weight * best_slope
        count = ORDERED_ROLLS[left]
        known = self.rolls[key] = (total / count, slope / count)
        return known


def _solve(bonus: bool) -> _Turn:
    if not bonus:
        return _Turn(None)
    guess = _FIRST_GUESS
    # Newton's method on a convex piecewise-linear f is exact once it lands on
    # the right piece; a handful of passes is plenty.
    for _ in range(20):
        turn = _Turn(guess)
        worth, slope = turn.roll_on(DICE, 0, 0)
        if abs(worth - guess) < 1e-12:
            return turn
        guess += (worth - guess) / (1.0 - slope)
    raise ArithmeticError("the fresh turn's worth did not converge")


@cache
def _table(bonus: bool) -> _Turn:
    return _solve(bonus)


def fresh_turn_value(bonus: bool = True) -> float:
    """The expected nuggets of a turn played optimally from its first roll."""
    return roll_on_value(DICE, 0, 0, bonus)


def roll_on_value(dice_left: int, numbers: int, value: int, bonus: bool = True) -> float:
    """The expected final take of the turn when rolling the ``dice_left`` dice now and playing
    optimally afterwards; ``numbers`` is the bit set of numbers already set aside. Read from
    the shipped table (``turn_table``); a ``ValueError`` for a key no turn reaches."""
    return turn_table.roll_on(dice_left, numbers, value, bonus)


def worth_after(dice_left: int, numbers: int, value: int, bonus: bool = True) -> float:
    """The expected final take of the turn from just after a set-aside, playing optimally:
    the greater of taking the value and rolling on; with no dice left, the value plus a fresh
    turn's worth (with the bonus rule). Read as ``roll_on_value`` is."""
    return turn_table.after(dice_left, numbers, value, bonus)


def solved_grid(bonus: bool) -> turn_table.Worths:
    """Every worth the turn table ships (``turn_table.grid``), solved here."""
    turn = _table(bonus)
    keys = list(turn_table.grid())
    return turn_table.Worths(
        [turn.roll_on(*key)[0] for key in keys], [turn.after(*key)[0] for key in keys]
    )
