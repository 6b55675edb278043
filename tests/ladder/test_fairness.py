"""The dice fairness test: chi-square p-values against tables, closed forms and the density
itself; its verdicts; and a loaded die caught."""

from __future__ import annotations

import math
import random

import pytest

from bot.games.fairness import Fairness, FairnessVerdict, chi_square_p_value, dice_fairness


@pytest.mark.parametrize(
    ("x", "freedom", "p"),
    [
        # Critical values from the standard chi-square table.
        (3.841459, 1, 0.05),
        (6.634897, 1, 0.01),
        (5.991465, 2, 0.05),
        (7.814728, 3, 0.05),
        (9.487729, 4, 0.05),
        (11.070498, 5, 0.05),
        (15.086272, 5, 0.01),
        (20.515006, 5, 0.001),
        (18.307038, 10, 0.05),
        (124.342113, 100, 0.05),
    ],
)
def test_p_values_match_the_chi_square_table(x: float, freedom: int, p: float) -> None:
    # The table gives x to 7 significant digits, so p is only about that close.
    assert chi_square_p_value(x, freedom) == pytest.approx(p, rel=1e-5)


@pytest.mark.parametrize("x", [0.001, 0.5, 2.0, 10.0, 100.0, 1000.0])
def test_closed_forms_hold_even_far_out_in_the_tail(x: float) -> None:
    y = x / 2
    assert chi_square_p_value(x, 2) == pytest.approx(math.exp(-y), rel=1e-14)
    assert chi_square_p_value(x, 1) == pytest.approx(math.erfc(math.sqrt(y)), rel=1e-14)
    assert chi_square_p_value(x, 4) == pytest.approx(math.exp(-y) * (1 + y), rel=1e-12)
    three = math.erfc(math.sqrt(y)) + 2 * math.sqrt(y / math.pi) * math.exp(-y)
    assert chi_square_p_value(x, 3) == pytest.approx(three, rel=1e-12)


def density(t: float, freedom: int) -> float:
    half = freedom / 2
    return math.exp((half - 1) * math.log(t) - t / 2 - half * math.log(2) - math.lgamma(half))


def tail_by_simpson(x: float, freedom: int, steps: int = 20_000) -> float:
    """The density integrated from ``x`` on, far enough for the rest to be negligible."""
    end = x + 40 * math.sqrt(2 * freedom) + 200
    h = (end - x) / steps
    inner = sum((4 if i % 2 else 2) * density(x + i * h, freedom) for i in range(1, steps))
    return h / 3 * (density(x, freedom) + inner + density(end, freedom))


@pytest.mark.parametrize("freedom", [1, 2, 3, 5, 8, 13, 30, 101])
@pytest.mark.parametrize("fraction_of_mean", [0.2, 1.0, 3.0])
def test_p_values_integrate_the_density_for_any_degrees_of_freedom(
    freedom: int, fraction_of_mean: float
) -> None:
    x = fraction_of_mean * freedom
    assert chi_square_p_value(x, freedom) == pytest.approx(
        tail_by_simpson(x, freedom), rel=1e-7, abs=1e-13
    )


def test_p_values_fall_from_one_to_zero_without_overflow() -> None:
    xs = [0.0, 1e-300, 0.1, 1.0, 5.0, 20.0, 100.0, 1e3, 1e5, 1e300, math.inf]
    for freedom in (1, 2, 5, 1000):
        ps = [chi_square_p_value(x, freedom) for x in xs]
        assert ps[0] == 1.0
        assert ps[-1] == 0.0
        assert all(0.0 <= p <= 1.0 for p in ps)
        assert ps == sorted(ps, reverse=True)
    # Far out in the tail the chance is tiny, not rounded to zero.
    assert 0 < chi_square_p_value(1000.0, 5) < 1e-200


def test_even_counts_are_fair() -> None:
    fairness = dice_fairness([100] * 6)
    assert fairness == Fairness(600, (1 / 6,) * 6, 0.0, 5, 1.0, FairnessVerdict.FAIR)


def test_the_statistic_is_pearsons() -> None:
    fairness = dice_fairness([130, 100, 100, 90, 90, 90])
    # Expected 100 each: (30² + 3 × 10²) / 100.
    assert fairness.chi_square == pytest.approx(12.0)
    assert fairness.degrees_of_freedom == 5
    assert fairness.p_value == pytest.approx(0.0348, abs=1e-4)
    assert fairness.verdict is FairnessVerdict.FAIR
    assert fairness.shares[0] == pytest.approx(130 / 600)


@pytest.mark.parametrize(
    ("counts", "verdict"),
    [
        ([135, 100, 100, 90, 90, 85], FairnessVerdict.UNUSUAL),  # chi-square 16.5, p 0.0056
        ([150, 100, 100, 90, 80, 80], FairnessVerdict.SUSPICIOUS),  # 34.0, p 2.4e-6
        ([5, 5, 5, 5, 5, 5], FairnessVerdict.FAIR),  # five expected per face: just enough
        ([5, 5, 5, 5, 5, 4], FairnessVerdict.NOT_ENOUGH),
        ([29, 0, 0, 0, 0, 0], FairnessVerdict.NOT_ENOUGH),  # uneven, but too few to tell
        ([0] * 6, FairnessVerdict.NOT_ENOUGH),
    ],
)
def test_verdicts(counts: list[int], verdict: FairnessVerdict) -> None:
    assert dice_fairness(counts).verdict is verdict


def test_no_dice_at_all_say_nothing() -> None:
    assert dice_fairness([0] * 6) == Fairness(
        0, (0.0,) * 6, 0.0, 5, 1.0, FairnessVerdict.NOT_ENOUGH
    )


def test_a_loaded_die_is_caught() -> None:
    rng = random.Random(7)
    # A six one time in five instead of one in six, over 6,000 throws.
    faces = rng.choices(range(6), weights=[16, 16, 16, 16, 16, 20], k=6000)
    fairness = dice_fairness([faces.count(face) for face in range(6)])
    assert fairness.verdict is FairnessVerdict.SUSPICIOUS
    assert fairness.shares[5] == max(fairness.shares)


def test_a_fair_die_mostly_passes() -> None:
    rng = random.Random(11)
    verdicts = []
    for _ in range(200):
        faces = rng.choices(range(6), k=600)
        verdicts.append(dice_fairness([faces.count(face) for face in range(6)]).verdict)
    # One fair sample in a hundred is unusual by definition: a handful of 200 at most.
    assert verdicts.count(FairnessVerdict.FAIR) >= 190
    assert FairnessVerdict.SUSPICIOUS not in verdicts


@pytest.mark.parametrize("counts", [[], [7], [1, -1, 3], [1.5, 2, 3]])
def test_bad_counts_are_refused(counts: list[float]) -> None:
    with pytest.raises(ValueError):
        dice_fairness(counts)  # type: ignore[arg-type]
