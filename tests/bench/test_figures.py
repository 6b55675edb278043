"""The benchmarks' shared figures: a percentile is a value measured, the nearest rank
below, and a spread names the median, the p90 and the longest."""

from __future__ import annotations

from bench.figures import percentile, spread


def test_a_percentile_is_the_nearest_rank_below_of_the_values_in_any_order() -> None:
    values = [float(v) for v in range(100, 0, -1)]
    assert percentile(values, 0.5) == 51.0
    assert percentile(values, 0.99) == 100.0
    assert percentile(values, 0.9) == 91.0
    assert percentile([3.0], 0.99) == 3.0


def test_a_spread_is_in_milliseconds_with_how_many() -> None:
    assert spread([0.004, 0.001, 0.002, 0.010]) == (
        "median 3.0 ms, p90 10.0 ms, longest 10.0 ms (4)"
    )
    assert spread([0.004, 0.001, 0.002, 0.010], 0.5) == (
        "median 3.0 ms, p50 4.0 ms, longest 10.0 ms (4)"
    )
    assert spread([]) == "none"
