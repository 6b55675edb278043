"""Whether dice look fair: Pearson's chi-square test of each face's count against equal shares.

Pure arithmetic (no SciPy): the chi-square distribution's survival function is computed
here from its closed form (``chi_square_p_value``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

FAIR_FACES: Final = 6
UNUSUAL_BELOW: Final = 0.01
SUSPICIOUS_BELOW: Final = 1e-4
MIN_EXPECTED: Final = 5
"""The chi-square approximation wants at least this many throws expected on each face."""


class FairnessVerdict(StrEnum):
    """Whether a server's dice look fair: too few to tell, fair, or suspicious."""

    FAIR = "fair"
    """Nothing unusual: fair dice are this uneven at least 1% of the time."""
    UNUSUAL = "unusual"
    """Fair dice are this uneven less than 1% of the time, but at least 0.01%."""
    SUSPICIOUS = "suspicious"
    """Fair dice are this uneven less than 0.01% of the time."""
    NOT_ENOUGH = "not_enough"
    """Too few throws for the test to say anything."""


@dataclass(frozen=True, slots=True)
class Fairness:
    """How a server's dice fell: each face's share, and a chi-square test of them against fair
    dice."""

    total: int
    """How many dice were counted."""
    shares: tuple[float, ...]
    """Each face's share of the dice, face by face (all 0 when none were counted)."""
    chi_square: float
    degrees_of_freedom: int
    p_value: float
    """The chance that fair dice give counts at least this uneven."""
    verdict: FairnessVerdict


def dice_fairness(counts: Sequence[int]) -> Fairness:
    """The test of ``counts``, how many dice showed each face (six for an ordinary die; any
    number of faces from two works). Raises ``ValueError`` for fewer than two faces or a
    count that is not a whole number >= 0."""
    if len(counts) < 2:
        raise ValueError(f"a die has two faces or more, not {len(counts)}")
    if any(type(n) is not int or n < 0 for n in counts):
        raise ValueError(f"counts are whole numbers >= 0, not {list(counts)!r}")
    faces = len(counts)
    total = sum(counts)
    freedom = faces - 1
    if total == 0:
        return Fairness(0, (0.0,) * faces, 0.0, freedom, 1.0, FairnessVerdict.NOT_ENOUGH)
    expected = total / faces
    chi_square = sum((n - expected) ** 2 for n in counts) / expected
    p_value = chi_square_p_value(chi_square, freedom)
    if expected < MIN_EXPECTED:
        verdict = FairnessVerdict.NOT_ENOUGH
    elif p_value < SUSPICIOUS_BELOW:
        verdict = FairnessVerdict.SUSPICIOUS
    elif p_value < UNUSUAL_BELOW:
        verdict = FairnessVerdict.UNUSUAL
    else:
        verdict = FairnessVerdict.FAIR
    shares = tuple(n / total for n in counts)
    return Fairness(total, shares, chi_square, freedom, p_value, verdict)


def chi_square_p_value(x: float, freedom: int) -> float:
    """P(X >= x) for X chi-square distributed with ``freedom`` degrees of freedom.

    That is Q(k/2, x/2), the regularized upper incomplete gamma function, which for a
    half-integer or whole first argument has a closed form: start from Q(1/2, y) = erfc(√y)
    or Q(1, y) = e^-y and step up with Q(a+1, y) = Q(a, y) + y^a e^-y / Γ(a+1). Every term
    is positive (no cancellation), and each is taken through its logarithm so that neither
    y^a nor Γ(a+1) overflows for a large x or many degrees of freedom.
    """
    if freedom < 1:
        raise ValueError(f"degrees of freedom are a whole number >= 1, not {freedom}")
    if x <= 0:
        return 1.0
    if math.isinf(x):
        # Its logarithm would make the terms inf - inf.
        return 0.0
    y = x / 2
    if freedom % 2:
        a, q = 0.5, math.erfc(math.sqrt(y))
    else:
        a, q = 1.0, math.exp(-y)
    log_y = math.log(y)
    while a < freedom / 2:
        q += math.exp(a * log_y - y - math.lgamma(a + 1))
        a += 1
    # Rounding in the sum can carry it a hair past 1.
    return min(q, 1.0)
