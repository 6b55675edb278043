"""Measuring helpers every benchmark shares: per-call timings and win-rate intervals."""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable


def per_call_us(calls: list[Callable[[], object]]) -> tuple[float, float]:
    """Median and 99th percentile of one call, in microseconds, less the timer's own cost."""
    clock = time.perf_counter_ns
    samples = []
    for call in calls:
        start = clock()
        call()
        samples.append(clock() - start)
    overhead = statistics.median(_empty_call_ns(clock) for _ in range(2000))
    samples.sort()
    p99 = samples[int(0.99 * (len(samples) - 1))]
    return (statistics.median(samples) - overhead) / 1000, (p99 - overhead) / 1000


def _empty_call_ns(clock: Callable[[], int]) -> int:
    start = clock()
    (lambda: None)()
    return clock() - start


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (a shared win counting as a fraction)."""
    if games == 0:
        return (0.0, 1.0)
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (centre - spread, centre + spread)
