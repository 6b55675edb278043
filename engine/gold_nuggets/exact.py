"""The optimal single-turn policy's worths (``policy``) as exact fractions, for stating
what a turn's decisions were worth to the last nugget rather than to a float's last digit.

The table is ``policy``'s: keyed by (dice left, numbers set aside as a bit set, value),
lassos worth nothing, stealing and the centre running out ignored. The bonus turn's worth
V is the fixed point of V = f(V), f piecewise linear: the float solution says which piece
V lies on (which choice is best at each key), and on that piece every worth is affine in
V, so the root's own affine form c + s·V = V gives V = c / (1 - s) exactly. The table is
then made with that V and checked to reproduce it, which it does only if the piece was
the right one.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Final, Generic, Literal, TypeVar

from engine.gold_nuggets.actions import Action, Roll, SetAside, Take
from engine.gold_nuggets.dice import DICE, ORDERED_ROLLS, Counts
from engine.gold_nuggets.policy import distinct_rolls, fresh_turn_value, outcomes
from engine.gold_nuggets.state import GameState, Phase
from engine.judging import Judged

Key = tuple[int, int, int]
"""(dice left, numbers set aside as a bit set, value so far)."""
Affine = tuple[Fraction, Fraction]
"""A worth as c + s·V, V the bonus turn's worth."""

_ZERO: Final = Fraction(0)
_ONE: Final = Fraction(1)


W = TypeVar("W")


class _Turn(ABC, Generic[W]):
    """Every worth of a turn played optimally, each computed once."""

    def __init__(self) -> None:
        self.afters: dict[Key, W] = {}
        self.rolls: dict[Key, W] = {}

    @abstractmethod
    def taking(self, value: int, *, bonus: bool) -> W:
        """The worth of taking ``value``, with the bonus turn (all seven dice aside) or not."""

    @abstractmethod
    def rank(self, worth: W) -> float | Fraction:
        """Where ``worth`` stands among worths: the greater, the better."""

    @abstractmethod
    def mean(self, weighted: list[tuple[int, W]], count: int) -> W:
        """The worth of ``count`` rolls, the ``weight`` of each distinct one worth ``W``."""

    def after(self, left: int, numbers: int, value: int) -> W:
        if left == 0:
            return self.taking(value, bonus=True)
        key = (left, numbers, value)
        known = self.afters.get(key)
        if known is None:
            rolled = self.roll_on(left, numbers, value)
            known = rolled if self.rank(rolled) > value else self.taking(value, bonus=False)
            self.afters[key] = known
        return known

    def roll_on(self, left: int, numbers: int, value: int) -> W:
        key = (left, numbers, value)
        known = self.rolls.get(key)
        if known is not None:
            return known
        nothing = self.taking(0, bonus=False)
        weighted = []
        for roll, weight in distinct_rolls(left):
            best = nothing
            for used, numbers_after, gain in outcomes(numbers, roll):
                worth = self.after(left - used, numbers_after, value + gain)
                if self.rank(worth) > self.rank(best):
                    best = worth
            weighted.append((weight, best))
        known = self.rolls[key] = self.mean(weighted, ORDERED_ROLLS[left])
        return known


class _AffineTurn(_Turn[Affine]):
    """Worths as affine forms in V, each maximum taken where the float V says."""

    def __init__(self, near: float) -> None:
        super().__init__()
        self.near = near

    def taking(self, value: int, *, bonus: bool) -> Affine:
        return Fraction(value), _ONE if bonus else _ZERO

    def rank(self, worth: Affine) -> float:
        return float(worth[0]) + float(worth[1]) * self.near

    def mean(self, weighted: list[tuple[int, Affine]], count: int) -> Affine:
        constant = sum((weight * worth[0] for weight, worth in weighted), _ZERO)
        slope = sum((weight * worth[1] for weight, worth in weighted), _ZERO)
        return Fraction(constant, count), Fraction(slope, count)


class _ExactTurn(_Turn[Fraction]):
    """Worths as fractions, for a bonus turn worth exactly ``bonus``."""

    def __init__(self, bonus: Fraction) -> None:
        super().__init__()
        self.bonus = bonus

    def taking(self, value: int, *, bonus: bool) -> Fraction:
        return value + self.bonus if bonus else Fraction(value)

    def rank(self, worth: Fraction) -> Fraction:
        return worth

    def mean(self, weighted: list[tuple[int, Fraction]], count: int) -> Fraction:
        return sum((weight * worth for weight, worth in weighted), _ZERO) / count


@cache
def _table() -> _ExactTurn:
    constant, slope = _AffineTurn(fresh_turn_value()).roll_on(DICE, 0, 0)
    bonus = constant / (1 - slope)
    table = _ExactTurn(bonus)
    if table.roll_on(DICE, 0, 0) != bonus:
        raise ArithmeticError("the float solution pointed at the wrong piece of V = f(V)")
    return table


def fresh_turn_worth() -> Fraction:
    """The expected nuggets of a turn played optimally from its first roll, exactly."""
    return _table().bonus


def roll_on_worth(dice_left: int, numbers: int, value: int) -> Fraction:
    """``policy.roll_on_value``, exactly."""
    return _table().roll_on(dice_left, numbers, value)


def worth_after(dice_left: int, numbers: int, value: int) -> Fraction:
    """``policy.worth_after``, exactly."""
    return _table().after(dice_left, numbers, value)


Choice = Counts | Literal["roll", "take"]
"""A decision's options: a set-aside (its dice), or after one, rolling on or taking."""


@dataclass(frozen=True)
class Judgement(Judged[Choice, Fraction]):
    """One decision of a turn: what each of its options was worth (the turn's expected take
    from there, played optimally) and which one was chosen."""


def judged(state: GameState, action: Action) -> Judgement | None:
    """The decision ``action`` made in ``state``; ``None`` where nothing was decided (a
    turn's first roll, the take once all seven dice are aside, the clock's time-out, a
    roll that allowed one set-aside only)."""
    if state.phase is Phase.SET_ASIDE and isinstance(action, SetAside):
        worths: dict[Choice, Fraction] = {}
        for choice in state.pending_choices():
            after = state.aside.plus(choice)
            left = state.dice_left - choice.total
            worths[choice] = worth_after(left, after.numbers, after.value)
        return Judgement(worths, action.counts) if len(worths) > 1 else None
    if state.phase is Phase.DECIDE and isinstance(action, Roll | Take):
        roll_on = roll_on_worth(state.dice_left, state.aside.numbers, state.value)
        worths = {"roll": roll_on, "take": Fraction(state.value)}
        return Judgement(worths, "roll" if isinstance(action, Roll) else "take")
    return None
