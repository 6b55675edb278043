"""Claim computer players' strength and speed: seeded tournaments between the levels, and
decision times.

    python -m bench.claim_ai [--games 200] [--workers 2]

2-player pairings: hard vs normal (--games games), hard vs easy (half as many),
normal vs easy (five times as many, they are quick). Every deal is seeded and
played twice, the seats swapped, with random factions (one pair and three added
factions). Win rates come with 95% (Wilson) intervals, a shared win counting
half; the target is hard > normal > easy with every interval clear of 50%.
A smaller check at 3 players (one seat per level, every seating in turn; a fair
share is 1/3) and at 4 players (teams of two of a level, partners diagonal)
shows the levels play those games too.

Decision times are per call of ``decide`` on decisions with a real choice (two
legal actions or more; a forced one returns at once), measured while the games
run in --workers processes, in CPU seconds of the process (``time.process_time``): on
a machine shared with others a wall clock measures their load too. Targets: hard p99
<= 200 ms; normal (whose phase 2 searches a few deals) p99 <= 50 ms; easy p99 <= 5 ms.
Every figure is measured in this run; nothing is compared against stored numbers.
"""

from __future__ import annotations

import itertools
import random
import time
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from bench.claim_deals import seeded_start
from bench.figures import clear_of_half, decision_times, wilson, win_rate
from bench.options import Said, options
from engine.claim import (
    Phase,
    apply,
    legal_in_view,
    random_selection,
    score,
    teams,
    view,
)
from engine.claim.players import Level, decide

TARGET_MS = {Level.EASY: 5.0, Level.NORMAL: 50.0, Level.HARD: 200.0}

Seats = tuple[Level, ...]
Times = dict[Level, list[float]]


def play(seats: Seats, seed: int) -> tuple[tuple[float, ...], Times]:
    """One game from the seeded deal ``seed``: each seat's share of the win, and the seconds
    each level spent on its decisions with a real choice."""
    deal = random.Random(seed)
    players = len(seats)
    factions = random_selection(players, deal)
    state = seeded_start(players, factions, deal)
    choices = random.Random(seed ^ 0xC1A1)
    times: Times = defaultdict(list)
    while state.phase is not Phase.OVER:
        seat = state.to_act()[0]
        seen = view(state, seat)
        level = seats[seat]
        start = time.process_time()
        action = decide(seen, level, choices)
        spent = time.process_time() - start
        if len(legal_in_view(seen)) > 1:
            times[level].append(spent)
        state, _ = apply(state, seat, action)
    winners = score(state).winners
    units = sum(1 for unit in teams(players) if unit[0] in winners)
    return tuple(1 / units if seat in winners else 0.0 for seat in range(players)), times


def _game(job: tuple[Seats, int]) -> tuple[Seats, tuple[float, ...], Times]:
    seats, seed = job
    shares, times = play(seats, seed)
    return seats, shares, times


def tournament(
    jobs: Sequence[tuple[Seats, int]], pool: ProcessPoolExecutor, all_times: Times
) -> dict[Level, list[float]]:
    """Every level's win share per seat it held, game by game; the decision times join
    ``all_times``."""
    shares: dict[Level, list[float]] = defaultdict(list)
    for seats, won, times in pool.map(_game, jobs, chunksize=2):
        for level in set(seats):
            # A unit's share, once per unit the level held (a team counts once).
            held = {unit for unit in teams(len(seats)) if seats[unit[0]] is level}
            shares[level].extend(won[unit[0]] for unit in held)
        for level, spent in times.items():
            all_times[level].extend(spent)
    return shares


def duel(
    first: Level, second: Level, games: int, seed: int, pool: ProcessPoolExecutor, times: Times
) -> None:
    """A 2-player match: each seeded deal played twice, the seats swapped."""
    jobs = [
        ((first, second) if n % 2 == 0 else (second, first), seed + n // 2) for n in range(games)
    ]
    shares = tournament(jobs, pool, times)
    wins = sum(shares[first])
    rate = win_rate(wins, games, clear_of_half(wins, games))
    print(f"{first:>6} vs {second:<6} 2 players, {games} games: {first} wins {rate}", flush=True)


def three_players(games: int, seed: int, pool: ProcessPoolExecutor, times: Times) -> None:
    """One seat per level, the six seatings in turn, each deal played in every seating."""
    seatings = list(itertools.permutations(Level))
    jobs = [(seatings[n % 6], seed + n // 6) for n in range(games)]
    shares = tournament(jobs, pool, times)
    parts = []
    for level in Level:
        won = shares[level]
        low, high = wilson(sum(won), len(won))
        parts.append(f"{level} {sum(won) / len(won):.1%} ({low:.1%}-{high:.1%})")
    print(
        f"3 players, {games} games, one seat each (fair share 33.3%): " + ", ".join(parts),
        flush=True,
    )


def four_players(
    first: Level, second: Level, games: int, seed: int, pool: ProcessPoolExecutor, times: Times
) -> None:
    """Teams of two (seats 0 & 2 against 1 & 3), the teams swapping seats on every deal."""
    jobs = [
        (
            (first, second, first, second) if n % 2 == 0 else (second, first, second, first),
            seed + n // 2,
        )
        for n in range(games)
    ]
    shares = tournament(jobs, pool, times)
    rate = win_rate(sum(shares[first]), games)
    print(
        f"4 players, teams of {first} vs teams of {second}, {games} games: {first} wins {rate}",
        flush=True,
    )


def main(games: int, workers: int) -> None:
    started = time.perf_counter()
    times: Times = defaultdict(list)
    with ProcessPoolExecutor(workers) as pool:
        duel(Level.NORMAL, Level.EASY, 5 * games, 10_000, pool, times)
        duel(Level.HARD, Level.NORMAL, games, 20_000, pool, times)
        duel(Level.HARD, Level.EASY, max(2, games // 2), 30_000, pool, times)
        three_players(max(6, games // 6 // 6 * 6), 40_000, pool, times)
        four_players(Level.HARD, Level.NORMAL, max(2, games // 10), 50_000, pool, times)
        four_players(Level.NORMAL, Level.EASY, max(2, games // 2), 60_000, pool, times)
    for level in Level:
        print(
            decision_times(f"{level:<6}", times[level], TARGET_MS[level], "decisions with a choice")
        )
    print(f"{time.perf_counter() - started:.0f} s with {workers} workers")


if __name__ == "__main__":
    arguments = options(__doc__.split("\n")[0], games=Said(200, "hard vs normal games"), workers=2)
    main(arguments.games, arguments.workers)
