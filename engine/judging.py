"""What a game's judge says of one decision (``engine.<game>.judge``): each option's
worth, in the judge's unit, and the option chosen. The games judge differently; they
read the verdict the same way."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

Option = TypeVar("Option")
Worth = TypeVar("Worth", float, Fraction, Fraction | float)


@dataclass(frozen=True)
class Judged(Generic[Option, Worth]):
    """One decision: what each judged option was worth, and the option chosen."""

    worths: Mapping[Option, Worth]
    chosen: Option

    @property
    def best(self) -> Worth:
        """What the best option was worth."""
        return max(self.worths.values())

    @property
    def cost(self) -> Worth:
        """What the choice gave away against the best option: 0 where it was (one of) the
        best."""
        return self.best - self.worths[self.chosen]
