"""Bust luck, shared by the dice games: how many busts a seat suffered against how
many its rolls' exact bust chances made it expect.

Each roll busts or not with its own known chance, so a seat's busts are a sum of
independent Bernoulli trials: their mean is the sum of the chances and their variance the
sum of p(1-p). How far the busts sit from that mean, in standard deviations, is the verdict.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Final

AS_EXPECTED_WITHIN: Final = 1.0
"""Busts within this many standard deviations of the expected count are ordinary luck."""
VERY_BEYOND: Final = 2.5
"""Busts this many standard deviations or more from the expected count are remarkable."""


@dataclass(frozen=True, slots=True)
class BustLuck:
    """One seat's rolls: how many, how many busted, and what their chances predicted."""

    rolls: int = 0
    busts: int = 0
    expected: Fraction = Fraction(0)
    """The expected number of busts: the sum of each roll's exact bust chance."""
    variance: Fraction = Fraction(0)
    """The variance of the number of busts: the sum of each roll's p(1-p)."""

    def rolled(self, chance: Fraction, busted: bool) -> BustLuck:
        """This luck with one more roll, which busted with probability ``chance``."""
        return BustLuck(
            self.rolls + 1,
            self.busts + busted,
            self.expected + chance,
            self.variance + chance * (1 - chance),
        )

    def __add__(self, other: BustLuck) -> BustLuck:
        # The rolls are independent, so their variances add as their means do.
        return BustLuck(
            self.rolls + other.rolls,
            self.busts + other.busts,
            self.expected + other.expected,
            self.variance + other.variance,
        )


class Verdict(StrEnum):
    VERY_LUCKY = "very_lucky"
    LUCKY = "lucky"
    AS_EXPECTED = "as_expected"
    UNLUCKY = "unlucky"
    VERY_UNLUCKY = "very_unlucky"


def verdict(busts: float, expected: float, variance: float) -> Verdict:
    """How lucky ``busts`` busts were against their expected count and its variance.

    Fewer busts than expected is lucky. With no variance (no rolls, or only rolls whose
    outcome was certain) the count could not have come out otherwise: as expected.
    """
    if variance <= 0:
        return Verdict.AS_EXPECTED
    z = (busts - expected) / math.sqrt(variance)
    if abs(z) < AS_EXPECTED_WITHIN:
        return Verdict.AS_EXPECTED
    if z > 0:
        return Verdict.UNLUCKY if z < VERY_BEYOND else Verdict.VERY_UNLUCKY
    return Verdict.LUCKY if z > -VERY_BEYOND else Verdict.VERY_LUCKY
