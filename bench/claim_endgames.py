"""Claim's determined endgames: how the computer levels and the hint play them against exact
play, and what solving them costs.

    python -m bench.claim_endgames [--games 40] [--workers 2] [--tricks 7] [--raccoons]

Seeded 2-player games (hard against normal, hard against easy, normal against easy, each
deal played twice with the seats swapped, random factions). Wherever the seat to decide
holds a determined endgame (``endgame.determined``: phase 2, the unseen cards exactly the
other hand) with at most --tricks tricks left, the position is solved exactly
(``endgame.Solver``) and compared with:

- the computer player's choice: a decision *throws* when its card is worth less than the
  best card exactly; a game is *thrown* by a level when one of its decisions did, and
  *won to lost* when its seat held a won endgame (exact value 1) and lost the game;
- the hint (``judge.weighed``'s best option): its regret, the exact value of the best
  card less that of the hint's;
- the time of the hint and of the computer move on those positions (the hard player's
  apart), and of a solve of every option by how many tricks are left (median, p90,
  longest), in CPU seconds of the process (``time.process_time``): on a machine shared
  with others a wall clock measures their load too.

Where the endgame is not determined (Raccoons put aside, face-down discards) but the deal
is solved from ``endgame.SAMPLED_TRICKS`` tricks left, each level's choice is compared
with exact play on the true deal, which the seat cannot see: its *regret* there is the
value of the best card less that of its own, a measure of how well its deals (and their
weights, ``search.likelihood``) guess the hidden cards. With --raccoons every game has
the Raccoons (in place of its last added faction), so that every endgame is sampled.

Every figure is measured in this run; nothing is compared against stored numbers.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from bench import figures
from bench.claim_deals import seeded_start
from engine.claim import (
    Faction,
    Phase,
    apply,
    random_selection,
    score,
    view,
)
from engine.claim.judge import weighed
from engine.claim.players import Level, decide
from engine.claim.players.endgame import SAMPLED_TRICKS, Solver, determined, solvable, tricks_left

Seats = tuple[Level, Level]


@dataclass
class Found:
    """One game's figures."""

    seats: Seats
    reached: bool = False
    thrown: dict[int, bool] = field(default_factory=dict)
    won_to_lost: dict[int, bool] = field(default_factory=dict)
    decisions: dict[int, int] = field(default_factory=dict)
    throws: dict[int, int] = field(default_factory=dict)
    regrets: list[float] = field(default_factory=list)
    hint_times: list[float] = field(default_factory=list)
    move_times: list[float] = field(default_factory=list)
    hard_times: list[float] = field(default_factory=list)
    guessed: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))
    """Per seat, the regret of each decision in an undetermined endgame against the true
    deal's exact play."""
    solve_times: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))


def play(seats: Seats, seed: int, tricks: int, raccoons: bool = False) -> Found:
    """One seeded game, its determined endgames measured on the way."""
    deal = random.Random(seed)
    factions = random_selection(2, deal)
    if raccoons and Faction.RACCOONS not in factions:
        factions = (*factions[:-1], Faction.RACCOONS)
    state = seeded_start(2, factions, deal)
    minds = random.Random(seed ^ 0xC1A1)
    found = Found(seats)
    entry: dict[int, float] = {}
    while state.phase is not Phase.OVER:
        seat = state.to_act()[0]
        seen = view(state, seat)
        started = time.process_time()
        action = decide(seen, seats[seat], minds)
        spent = time.process_time() - started
        left = tricks_left(state)
        if not determined(seen) and left > 0 and solvable(state, SAMPLED_TRICKS):
            values = Solver().options(state, seat)
            if len(set(values.values())) > 1:
                found.guessed[seat].append(max(values.values()) - values[action])
        if determined(seen) and 0 < left <= tricks and not state.hidden:
            found.reached = True
            started = time.process_time()
            values = Solver().options(state, seat)
            found.solve_times[left].append(time.process_time() - started)
            if len(values) > 1:
                best = max(values.values())
                entry.setdefault(seat, best)
                found.decisions[seat] = found.decisions.get(seat, 0) + 1
                found.move_times.append(spent)
                if seats[seat] is Level.HARD:
                    found.hard_times.append(spent)
                if values[action] < best:
                    found.throws[seat] = found.throws.get(seat, 0) + 1
                    found.thrown[seat] = True
                started = time.process_time()
                hint = weighed(seen, random.Random(f"hint:{seed}:{left}:{seat}"))
                found.hint_times.append(time.process_time() - started)
                if hint is not None:
                    found.regrets.append(best - values[hint[0][0][0]])
        state, _ = apply(state, seat, action)
    winners = score(state).winners
    for seat, value in entry.items():
        found.won_to_lost[seat] = value == 1.0 and seat not in winners
    return found


def _game(job: tuple[Seats, int, int, bool]) -> Found:
    return play(*job)


def spread(label: str, values: Sequence[float]) -> str:
    return f"{label}: {figures.spread(values)}"


def main(games: int, workers: int, tricks: int, raccoons: bool) -> None:
    pairings: list[Seats] = [
        (Level.HARD, Level.NORMAL),
        (Level.HARD, Level.EASY),
        (Level.NORMAL, Level.EASY),
    ]
    jobs = []
    for number, pair in enumerate(pairings):
        for n in range(games):
            seats = pair if n % 2 == 0 else (pair[1], pair[0])
            jobs.append((seats, 70_000 + 1000 * number + n // 2, tricks, raccoons))
    reached: dict[Level, int] = defaultdict(int)
    thrown: dict[Level, int] = defaultdict(int)
    won_lost: dict[Level, int] = defaultdict(int)
    decisions: dict[Level, int] = defaultdict(int)
    throws: dict[Level, int] = defaultdict(int)
    regrets: list[float] = []
    hint_times: list[float] = []
    move_times: list[float] = []
    hard_times: list[float] = []
    guessed: dict[Level, list[float]] = defaultdict(list)
    solves: dict[int, list[float]] = defaultdict(list)
    wall = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        for found in pool.map(_game, jobs, chunksize=1):
            for seat, level in enumerate(found.seats):
                if seat in found.decisions:
                    reached[level] += 1
                    decisions[level] += found.decisions[seat]
                    throws[level] += found.throws.get(seat, 0)
                    thrown[level] += found.thrown.get(seat, False)
                    won_lost[level] += found.won_to_lost.get(seat, False)
            regrets.extend(found.regrets)
            hint_times.extend(found.hint_times)
            move_times.extend(found.move_times)
            hard_times.extend(found.hard_times)
            for seat, regrets_there in found.guessed.items():
                guessed[found.seats[seat]].extend(regrets_there)
            for left, spent in found.solve_times.items():
                solves[left].extend(spent)
    print(f"{len(jobs)} seeded 2-player games, determined endgames from {tricks} tricks left")
    for level in Level:
        if reached[level]:
            print(
                f"  {level:<6}: {reached[level]} games with a determined endgame, thrown in "
                f"{thrown[level]} (a won endgame lost in {won_lost[level]}); "
                f"{throws[level]} of {decisions[level]} decisions below exact play"
            )
    if regrets:
        worse = sum(1 for r in regrets if r > 0)
        print(
            f"  hint regret against exact play: {worse} of {len(regrets)} hints not the best, "
            f"mean {statistics.mean(regrets) * 100:.2f} points, worst {max(regrets) * 100:.0f}"
        )
    print("  " + spread("hint in a determined endgame", hint_times))
    print("  " + spread("computer move in a determined endgame", move_times))
    print("  " + spread("hard move in a determined endgame", hard_times))
    for level in Level:
        if guessed[level]:
            worse = sum(1 for r in guessed[level] if r > 0)
            print(
                f"  {level:<6} in undetermined endgames from {SAMPLED_TRICKS} tricks left: "
                f"{worse} of {len(guessed[level])} decisions below exact play on the true deal, "
                f"mean regret {statistics.mean(guessed[level]) * 100:.2f} points"
            )
    for left in sorted(solves):
        print("  " + spread(f"exact solve of every option, {left} tricks left", solves[left]))
    print(f"{time.perf_counter() - wall:.0f} s with {workers} workers")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per pairing")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--tricks", type=int, default=7)
    parser.add_argument(
        "--raccoons",
        action="store_true",
        help="Raccoons in every game: no endgame determined, every one sampled",
    )
    arguments = parser.parse_args()
    main(arguments.games, arguments.workers, arguments.tricks, arguments.raccoons)
