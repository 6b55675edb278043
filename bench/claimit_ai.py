"""Bot strength: a seeded tournament between bot levels and a baseline.

    python -m bench.claimit_ai [--games 2000] [--mixes 400] [--workers 2]

Each 2-player pairing plays --games seeded games with the seats alternated;
4-player mixes play --mixes games with the seats rotated. Prints win rates with
95% (Wilson) confidence intervals (a shared win counts half) and the decision
time percentiles per level. Targets (issue 6), 2-player: hard beats the
baseline >= 65%, normal >= 55%, and hard beats normal >= 55%.
The baseline places at random and stops as soon as this turn holds 2 marks.
"""

from __future__ import annotations

import random
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor

from bench.figures import decision_times, win_rate
from bench.options import options
from bench.tournaments import shares_of, tournament
from engine.claimit import (
    GameState,
    Phase,
    Place,
    Stop,
    apply,
    scores,
    winners,
)
from engine.claimit.bots import Decision, Level, RollAgain, action_of, decide

BASELINE = "baseline"
Player = str


def baseline(state: GameState, rng: random.Random) -> Decision:
    if state.phase is Phase.PLACE:
        return Place(rng.choice(state.pending_placements()))
    return Stop() if state.marks_this_turn >= 2 else RollAgain()


def play(
    seats: tuple[Player, ...], seed: int
) -> tuple[tuple[float, ...], dict[Player, list[float]]]:
    """One game: each seat's share of the win, and the decision times by player."""
    choices = random.Random(seed)
    dice = random.Random(seed ^ 0x5EED)
    state = GameState.new(len(seats), first=0)
    times: dict[Player, list[float]] = defaultdict(list)
    while state.phase is not Phase.OVER:
        player = seats[state.turn]
        start = time.perf_counter()
        if player == BASELINE:
            decision = baseline(state, choices)
        else:
            decision = decide(state, Level(player), choices)
        times[player].append(time.perf_counter() - start)
        state = apply(state, action_of(decision, dice)).state
    won = winners(scores(state))
    return shares_of(won, len(seats)), times


def main(games: int, mixes: int, workers: int) -> None:
    all_times: dict[Player, list[float]] = defaultdict(list)
    pairings = [
        ("hard", BASELINE),
        ("normal", BASELINE),
        ("easy", BASELINE),
        ("hard", "normal"),
        ("normal", "easy"),
    ]
    lineup = ("hard", "normal", "easy", BASELINE)
    mixed = [(tuple(lineup[(i + n) % 4] for i in range(4)), 77 + 1000 * n) for n in range(mixes)]
    with ProcessPoolExecutor(workers) as pool:
        for first, second in pairings:
            jobs = [
                ((first, second) if n % 2 == 0 else (second, first), 1000 * n + 7)
                for n in range(games)
            ]
            results, times = tournament(play, jobs, pool)
            rate = win_rate(sum(results[first]), games)
            print(f"{first:>6} vs {second:<8} 2 players, {games} games: {first} wins {rate}")
            for player, spent in times.items():
                all_times[player].extend(spent)
        results, times = tournament(play, mixed, pool)
    for player in lineup:
        rate = win_rate(sum(results[player]), mixes)
        print(f"4-player mix, {mixes} games: {player:<8} wins {rate}")
    for player, spent in times.items():
        all_times[player].extend(spent)
    for player, spent in sorted(all_times.items()):
        print(decision_times(f"{player:<8}", spent))


if __name__ == "__main__":
    arguments = options(__doc__.split("\n")[0], games=2000, mixes=400, workers=2)
    main(arguments.games, arguments.mixes, arguments.workers)
