"""Measuring helpers every benchmark shares: per-call timings, the engines' report lines, and
win-rate intervals."""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable, Iterable, Mapping, Sequence, Sized

Calls = list[Callable[[], object]]


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


def warm_up(*calls: Calls) -> None:
    """Runs some of each list of calls a few times: the first calls pay for caches and
    allocator growth, which the timed ones must not."""
    sample = [call for some in calls for call in some[:2000]]
    for _ in range(3):
        per_call_us(sample)


def report(label: str, calls: Calls, target_us: float) -> None:
    """Times the calls and prints their median and 99th percentile against a target median."""
    median, p99 = per_call_us(calls)
    verdict = "target met" if median <= target_us else "TARGET MISSED"
    print(
        f"{label + ':':<30}median {median:.2f} us, p99 {p99:.2f} us over {len(calls)} calls "
        f"(target median <= {target_us:.0f} us: {verdict})"
    )


def report_kinds(by_kind: Mapping[str, Calls]) -> None:
    """Times each kind of call apart and prints its median and 99th percentile."""
    width = max(map(len, by_kind))
    for kind, calls in sorted(by_kind.items()):
        median, p99 = per_call_us(calls)
        print(
            f"  {kind:<{width}} median {median:6.2f} us, p99 {p99:6.2f} us over {len(calls)} calls"
        )


def games_to_time(description: str, default: int) -> int:
    """The command line's ``--games``: how many random games of each size ``report_games``
    plays (``default`` unless it says)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", type=int, default=default, help="random games for games/s")
    games: int = parser.parse_args().games
    return games


def report_games(play: Callable[[int], Sized], players: Iterable[int], games: int) -> None:
    """How many random games of each size ``play`` (one game, as its actions) plays a second."""
    for count in players:
        start = time.perf_counter()
        actions = sum(len(play(count)) for _ in range(games))
        elapsed = time.perf_counter() - start
        print(
            f"random {count}-player games: {games / elapsed:.0f} games/s "
            f"({actions / games:.0f} actions per game, random choices included)"
        )


def decision_times(
    label: str, seconds: list[float], target_ms: float | None = None, what: str = "decisions"
) -> str:
    """A player's decision times: the median, the 99th percentile and the slowest, in
    milliseconds, and the 99th percentile against its target when there is one."""
    spent = sorted(seconds)
    p50 = statistics.median(spent) * 1000
    p99 = spent[int(0.99 * (len(spent) - 1))] * 1000
    line = (
        f"decision time {label} p50 {p50:.3f} ms, p99 {p99:.2f} ms, "
        f"max {spent[-1] * 1000:.1f} ms ({len(spent)} {what}"
    )
    if target_ms is None:
        return line + ")"
    verdict = "target met" if p99 <= target_ms else "TARGET MISSED"
    return f"{line}; p99 <= {target_ms:.0f} ms: {verdict})"


def percentile(values: Iterable[float], share: float) -> float:
    """The value ``share`` of the way up ``values`` (the nearest rank below)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def spread(seconds: Sequence[float], share: float = 0.9) -> str:
    """Median, the ``share`` percentile (p90) and the longest of ``seconds`` in ms, and how
    many."""
    if not seconds:
        return "none"
    return (
        f"median {statistics.median(seconds) * 1000:.1f} ms, "
        f"p{share * 100:g} {percentile(seconds, share) * 1000:.1f} ms, "
        f"longest {max(seconds) * 1000:.1f} ms ({len(seconds)})"
    )


def win_rate(wins: float, games: int, *notes: str) -> str:
    """A win rate with its 95% interval and any notes: ``54.0% (95% CI 50.9%-57.1%)``."""
    low, high = wilson(wins, games)
    return f"{wins / games:.1%} ({', '.join((f'95% CI {low:.1%}-{high:.1%}', *notes))})"


def clear_of_half(wins: float, games: int) -> str:
    """Whether a win rate's 95% interval lies wholly above an even match."""
    return "clear of 50%" if wilson(wins, games)[0] > 0.5 else "NOT clear of 50%"


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (a shared win counting as a fraction)."""
    if games == 0:
        return (0.0, 1.0)
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (centre - spread, centre + spread)
