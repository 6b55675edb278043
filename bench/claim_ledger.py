"""Claim's ledger over seeded 2-player games: for each seat, does its result less its start
chance equal its luck less its decisions' cost plus its rival's?

    python -m bench.claim_ledger [--games 16] [--workers 1]

Each game is played from a seeded deal by the computer levels (hard against normal and
normal against easy in turn, the seats swapped every other game), then judged as the
report judges it: every decision (``judge.judged_game``) and every card's luck
(``card_luck.card_luck``), each seat's from its own view. The start chance is a seat's
fair share before the deal (1/2: the deal's luck is measured against a hand dealt at
random). A seat's leftover is

    (result - 1/2) - (luck - own cost + rival's cost)

in points of win chance. It prints the leftover's mean, standard deviation, root mean
square and the worst over the seats and games, and how many decisions were judged exactly
(``Judgement.exact``: a determined endgame solved, where each step's value is exact).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from engine.claim import Phase, apply, new_game, random_selection, score, shuffle_deck, view
from engine.claim.actions import Action
from engine.claim.card_luck import card_luck
from engine.claim.judge import judged_game
from engine.claim.players import Level, decide

PAIRS = ((Level.HARD, Level.NORMAL), (Level.NORMAL, Level.EASY))


def game(seed: int) -> tuple[list[float], int, int]:
    """One seeded game's leftover for each seat, its decisions judged and how many of them
    were exact."""
    pair = PAIRS[seed % 2]
    levels = pair if seed // 2 % 2 == 0 else (pair[1], pair[0])
    deal = random.Random(seed)
    factions = random_selection(2, deal)
    deck, removed = shuffle_deck(factions, deal)
    start, _ = new_game(2, factions, deck, removed, 0)
    minds = random.Random(seed + 1)
    state = start
    actions: list[Action] = []
    seats: list[int] = []
    while state.phase is not Phase.OVER:
        seat = state.to_act()[0]
        action = decide(view(state, seat), levels[seat], minds)
        actions.append(action)
        seats.append(seat)
        state, _ = apply(state, seat, action)
    winners = score(state).winners
    result = [(1 / len(winners) if seat in winners else 0.0) for seat in range(2)]
    cost = [0.0, 0.0]
    judged = 0
    exact = 0
    for index, judgement in enumerate(judged_game(start, actions, seed)):
        if judgement is None:
            continue
        judged += 1
        exact += bool(getattr(judgement, "exact", False))
        cost[seats[index]] += judgement.cost
    luck = [0.0, 0.0]
    for event in card_luck(start, actions, seed):
        for seat in range(2):
            luck[seat] += event.luck[seat]
    leftover = [(result[s] - 0.5) - (luck[s] - cost[s] + cost[1 - s]) for s in range(2)]
    return leftover, judged, exact


def summary(label: str, values: Sequence[float]) -> str:
    worst = max(values, key=abs)
    return (
        f"{label}: mean {statistics.mean(values) * 100:+.1f}, "
        f"SD {statistics.pstdev(values) * 100:.1f}, worst {worst * 100:+.1f} points "
        f"({len(values)} seats)"
    )


def main(games: int, workers: int) -> None:
    started = time.perf_counter()
    leftovers: list[float] = []
    judged = exact = 0
    with ProcessPoolExecutor(workers) as pool:
        for found, j, e in pool.map(game, range(80_000, 80_000 + games)):
            leftovers.extend(found)
            judged += j
            exact += e
    print(f"{games} seeded 2-player games, {judged} decisions judged, {exact} of them exact")
    print("  " + summary("leftover per seat and game", leftovers))
    print(f"  RMS {math.sqrt(statistics.mean(v * v for v in leftovers)) * 100:.1f} points")
    print(f"{time.perf_counter() - started:.0f} s with {workers} workers")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--workers", type=int, default=1)
    arguments = parser.parse_args()
    main(arguments.games, arguments.workers)
