"""What deciding a game's report costs, and what it finds: seeded games of computer
players of every level, played through each game's rules as the bot plays them, judged as
the bot judges them (its two judging processes, each game's decisions shared as its
analyst says).

    python -m bench.analysis [--games 12] [--processes 2]

For each game it prints the wall time of a game's report (median, p90 and the longest:
the aim is within 10 s for any game, most well under 2 s), the CPU it took, and each
level's average cost per decision in each unit the game judges in (the levels' order:
hard <= normal <= easy), and each level's decision rate: the points of win chance its
decisions lost on average, every unit's decisions counted alike (``Analyst.level_rates``
are these figures). For Claim, whose figures are estimates from deals drawn at
random, each game is judged again with another seed: the share of decisions graded the
same both times, and the mean difference of their costs.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction

from bot.features.analysis.judging import PROCESSES, Judging
from bot.games.analysis import Analysis, Grade, Judged, Played, Unit, graded_by
from bot.games.registry import GAMES, analyst_for
from bot.storage.game_values import Level

TABLES = {"claimit": (2, 3, 4), "nuggets": (2, 3, 4), "claim": (2, 3, 4)}
"""The seats each game's benchmark games are played at, in turn."""


def played(kind: str, levels: list[Level], seed: int) -> list[Played]:
    """A seeded game between computer players of ``levels``, as the report reads it."""
    rules = GAMES[kind]
    chance, minds = random.Random(seed), random.Random(seed + 1)
    options = {option.name: option.default for option in rules.options}
    players = len(levels)
    state = rules.start(players, seed % players, options, rules.deal(players, options, chance))
    moves = []
    while not rules.is_over(state):
        seat = rules.to_act(state)[0]
        intent = rules.decide(state, seat, levels[seat], minds)
        action = rules.action(state, seat, intent, chance)
        moves.append(Played(state, seat, action))
        state = rules.apply(state, seat, action).state
    return moves


def tables(kind: str, games: int) -> list[tuple[list[Level], int]]:
    """Each game's levels and seed: every level at every size, seats mixed."""
    found = []
    levels = list(Level)
    for number in range(games):
        players = TABLES[kind][number % len(TABLES[kind])]
        found.append(([levels[(number + seat) % 3] for seat in range(players)], 1000 + number))
    return found


async def bench(kind: str, games: int, processes: int) -> None:
    judging = Judging(processes)
    walls: list[float] = []
    cpu: list[float] = []
    costs: dict[tuple[Level, Unit], list[Fraction]] = defaultdict(list)
    chances: dict[Level, list[Fraction]] = defaultdict(list)
    same = compared = 0
    differences: list[float] = []
    grade = graded_by(analyst_for(kind).chance_thresholds)
    try:
        # The processes' start (imports) is paid once, before the first game timed.
        await judging.analysis(kind, 2, played(kind, [Level.EASY, Level.EASY], 1)[:4], 1)
        for levels, seed in tables(kind, games):
            moves = await asyncio.to_thread(played, kind, levels, seed)
            started = time.perf_counter()
            analysis = await judging.analysis(kind, len(levels), moves, seed)
            walls.append(time.perf_counter() - started)
            cpu.append(analysis.seconds)
            for decision in analysis.decisions:
                costs[(levels[decision.seat], decision.unit)].append(decision.cost)
                chances[levels[decision.seat]].append(decision.chance_cost)
            if kind == "claim":
                again = await judging.analysis(kind, len(levels), moves, seed + 7919)
                s, c, d = agreement(analysis, again, grade)
                same, compared = same + s, compared + c
                differences.extend(d)
    finally:
        await judging.stop()
    walls.sort()
    print(f"{kind}: {games} games, {processes} judging processes")
    print(
        f"  wall per game: median {statistics.median(walls):.2f} s, "
        f"p90 {walls[int(0.9 * (len(walls) - 1))]:.2f} s, longest {walls[-1]:.2f} s"
    )
    print(f"  CPU per game: median {statistics.median(cpu):.2f} s, most {max(cpu):.2f} s")
    for unit in Unit:
        found = {level: costs[(level, unit)] for level in Level if costs[(level, unit)]}
        if not found:
            continue
        figures = ", ".join(
            f"{level.value} {float(sum(c) / len(c)):.4f} ({len(c)} decisions)"
            for level, c in found.items()
        )
        print(f"  average cost a decision, in {unit.value}: {figures}")
    rates = ", ".join(
        f"{level.value} {float(sum(c) / len(c)) * 100:.3f} ({len(c)} decisions)"
        for level, c in chances.items()
        if c
    )
    print(f"  decision rate, points of win chance lost per decision: {rates}")
    if compared:
        print(
            f"  agreement between two seeds: {same / compared:.1%} of {compared} decisions "
            f"graded the same; costs differ by {statistics.mean(differences):.4f} on average"
        )


def agreement(
    first: Analysis, second: Analysis, grade: Callable[[Judged], Grade]
) -> tuple[int, int, list[float]]:
    """How many decisions two judgings of one game graded the same, of how many, and the
    differences of their costs."""
    theirs = {d.move: d for d in second.decisions}
    same = compared = 0
    differences = []
    for decision in first.decisions:
        other = theirs.get(decision.move)
        if other is None:
            continue
        compared += 1
        same += grade(decision) == grade(other)
        differences.append(abs(float(decision.cost - other.cost)))
    return same, compared, differences


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--processes", type=int, default=PROCESSES)
    parser.add_argument("--only", choices=sorted(TABLES))
    arguments = parser.parse_args()
    for kind in TABLES:
        if arguments.only in (None, kind):
            asyncio.run(bench(kind, arguments.games, arguments.processes))


if __name__ == "__main__":
    main()
