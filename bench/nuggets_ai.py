"""Gold Nuggets bot strength: each level's take per fresh turn, a seeded 2-player tournament
between the levels, and decision times.

    python -m bench.nuggets_ai [--turns 20000] [--games 1200] [--workers 2]

The take per fresh turn is measured from the game's opening (all 77 nuggets in
the centre, nothing to steal), where the optimum of ``policy`` applies: hard
should be within 1% of it. Beside the seeded simulation's mean, each level's
exact expectation is printed (every roll enumerated, so no sampling error).
Each pairing plays --games seeded games with the seats alternated; win rates
come with 95% (Wilson) intervals, a shared win counting half. Targets: hard
above normal above easy, intervals clear of 50%; decision p99 <= 20 ms.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor

from bench.figures import clear_of_half, decision_times, win_rate
from bench.options import Said, options
from bench.tournaments import shares_of, tournament
from engine.gold_nuggets import GameState, Phase, apply, winners
from engine.gold_nuggets.bots import Level, action_of, decide, expected_fresh_turn_take
from engine.gold_nuggets.policy import fresh_turn_value

DECISION_TARGET_MS = 20.0


def step(state: GameState, level: Level, choices: random.Random, dice: random.Random) -> GameState:
    return apply(state, action_of(decide(state, level, choices), state, dice)).state


def fresh_turn(level: Level, seed: int) -> int:
    """What seat 0 takes in the game's first turn, bonus turns included."""
    choices, dice = random.Random(seed), random.Random(seed ^ 0x5EED)
    state = GameState.new(2)
    while state.turn == 0 and state.phase is not Phase.OVER:
        state = step(state, level, choices, dice)
    return state.nuggets[0]


def _takes(job: tuple[Level, range]) -> list[int]:
    level, seeds = job
    return [fresh_turn(level, seed) for seed in seeds]


def play(seats: tuple[Level, ...], seed: int) -> tuple[tuple[float, ...], dict[Level, list[float]]]:
    """One game: each seat's share of the win, and the decision times by level."""
    choices, dice = random.Random(seed), random.Random(seed ^ 0x5EED)
    state = GameState.new(len(seats), first=0)
    times: dict[Level, list[float]] = defaultdict(list)
    while state.phase is not Phase.OVER:
        level = seats[state.turn]
        start = time.perf_counter()
        decision = decide(state, level, choices)
        times[level].append(time.perf_counter() - start)
        state = apply(state, action_of(decision, state, dice)).state
    won = winners(state)
    return shares_of(won, len(seats)), times


def main(turns: int, games: int, workers: int) -> None:
    optimum = fresh_turn_value()
    print(f"optimal take per fresh turn (policy, bonus turns included): {optimum:.4f}")
    with ProcessPoolExecutor(workers) as pool:
        for level in Level:
            chunks = [
                (level, range(start, min(start + 500, turns))) for start in range(0, turns, 500)
            ]
            takes = [take for part in pool.map(_takes, chunks) for take in part]
            mean = statistics.fmean(takes)
            error = statistics.stdev(takes) / math.sqrt(len(takes))
            exact = expected_fresh_turn_take(level, random.Random(0))
            print(
                f"take per fresh turn {level:<6} mean {mean:.3f} ± {1.96 * error:.3f} (95%) "
                f"over {turns} turns; exactly {exact:.4f}, {exact / optimum - 1:+.2%} "
                "against the optimum"
            )

        all_times: dict[Level, list[float]] = defaultdict(list)
        pairings = [
            (Level.HARD, Level.NORMAL),
            (Level.NORMAL, Level.EASY),
            (Level.HARD, Level.EASY),
        ]
        for first, second in pairings:
            jobs = [
                ((first, second) if n % 2 == 0 else (second, first), 1000 * n + 7)
                for n in range(games)
            ]
            results, times = tournament(play, jobs, pool)
            wins = sum(results[first])
            rate = win_rate(wins, games, clear_of_half(wins, games))
            print(f"{first:>6} vs {second:<6} 2 players, {games} games: {first} wins {rate}")
            for level, spent in times.items():
                all_times[level].extend(spent)
    for level, spent in sorted(all_times.items()):
        print(decision_times(f"{level:<6}", spent, DECISION_TARGET_MS))


if __name__ == "__main__":
    arguments = options(
        __doc__.split("\n")[0],
        turns=Said(20000, "fresh turns per level"),
        games=Said(1200, "games per pairing"),
        workers=2,
    )
    main(arguments.turns, arguments.games, arguments.workers)
