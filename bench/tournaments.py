"""Seeded games between computer players of a dice game, played in worker processes: each
player's share of the wins, and the time each took to decide."""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

P = TypeVar("P")
Play = Callable[[tuple[P, ...], int], tuple[tuple[float, ...], dict[P, list[float]]]]
"""One seeded game, ``play(seats, seed)``: each seat's share of the win, and the decision
times by player. A module's own function, so that a worker process finds it by name."""


def _game(
    play: Play[P], job: tuple[tuple[P, ...], int]
) -> tuple[tuple[P, ...], tuple[float, ...], dict[P, list[float]]]:
    seats, seed = job
    shares, times = play(seats, seed)
    return seats, shares, times


def tournament(
    play: Play[P], jobs: Sequence[tuple[tuple[P, ...], int]], pool: ProcessPoolExecutor
) -> tuple[dict[P, list[float]], dict[P, list[float]]]:
    """Each (seats, seed) played: every player's share of each win, and its decision times."""
    results: dict[P, list[float]] = defaultdict(list)
    times: dict[P, list[float]] = defaultdict(list)
    for seats, shares, game_times in pool.map(functools.partial(_game, play), jobs, chunksize=8):
        for seat, player in enumerate(seats):
            results[player].append(shares[seat])
        for player, spent in game_times.items():
            times[player].extend(spent)
    return results, times


def shares_of(won: Sequence[int], seats: int) -> tuple[float, ...]:
    """Each seat's share of the win: the winners share it alike."""
    return tuple(1 / len(won) if seat in won else 0.0 for seat in range(seats))
