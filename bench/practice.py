"""What practice costs and makes: the time to weigh a position's options (a hint, a drill's
answer), and how many drills a game of each computer level leaves its players.

    python -m bench.practice [--games 6] [--positions 40] [--only claim]
                             [--service-games 6] [--hints-at 1] [--burst 30]
                             [--burst-games 6]

For each game it plays seeded games of computer players, every seat of one level, at
2, 3 and 4 seats in turn, ``--games`` per level, and judges each as the report does
(the game's analyst, in this process). It prints:

- the time of ``Analyst.weighed`` over the positions of those games where the seat to act
  had a choice (median, p90 and the longest; the aim is a median within 2 s on these two
  cores, the bench alone running): the time to answer a hint, or a drill nobody asked
  before. Every such position for the dice games; for Claim, whose weighing is a search,
  ``--positions`` of them spread over the games;
- per level, the drills a game makes for each seat on average: its decisions graded a
  mistake or a blunder by the game's thresholds, and apart from them its inaccuracies
  (drills only for a player who asks for them);
- the same waits as a player meets them, through the real services on a SQLite file
  (``bench.practice_service``): ``--service-games`` games with hints of one person
  playing as an easy computer player, a Hint pressed twice at every ``--hints-at``-th of
  their positions (weighed, then kept), the first ask for drills after each game (which
  makes them) and each drill's answer;
- a hint's wait behind a burst (``bench.practice_service.bench_burst``): a pair presses
  Hint in ``--burst-games`` games at once, another table's player a moment after, for
  ``--burst`` rounds: that player's wait alone and behind the burst (median and p99), and
  what came of the burst's own presses.

``--games 0``, ``--service-games 0`` or ``--burst 0`` leaves that part out.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from bench.analysis import played
from bench.figures import percentile
from bench.practice_service import bench_burst, bench_service
from bot.games.analysis import Grade, Played, graded_by
from bot.games.registry import analyst_for
from bot.storage.game_values import Level

KINDS = ("claimit", "nuggets", "claim")
SEATS = (2, 3, 4)
"""The seats of a level's games, in turn."""


def bench(kind: str, games: int, positions: int) -> None:
    analyst = analyst_for(kind)
    grade = graded_by(analyst.chance_thresholds)
    print(f"{kind}: {games} games a level, all seats of one level, at {SEATS} seats in turn")
    asked: list[Played] = []
    for level in Level:
        grades: Counter[Grade] = Counter()
        seats = decisions = 0
        started = time.perf_counter()
        for number in range(games):
            players = SEATS[number % len(SEATS)]
            moves = played(kind, [level] * players, 2000 + number)
            judged = analyst.judge(moves, analyst.decisions(moves), 2000 + number)
            grades.update(grade(decision) for decision in judged)
            seats += players
            decisions += len(judged)
            asked += [moves[index] for index in analyst.decisions(moves)]
        drills = grades[Grade.MISTAKE] + grades[Grade.BLUNDER]
        print(
            f"  {level.value}: {drills / games:.1f} drills a game, {drills / seats:.2f} a seat "
            f"({grades[Grade.MISTAKE] / seats:.2f} mistakes, "
            f"{grades[Grade.BLUNDER] / seats:.2f} blunders), "
            f"{grades[Grade.INACCURACY] / seats:.2f} inaccuracies, "
            f"of {decisions / seats:.1f} decisions judged "
            f"({time.perf_counter() - started:.0f} s to play and judge)"
        )
    weighed(kind, asked, positions if kind == "claim" else len(asked))


def weighed(kind: str, moves: list[Played], most: int) -> None:
    """The time of weighing the positions of ``moves`` where the seat had a choice, at most
    ``most`` of them spread evenly (a dice game's decisions include forced moves, which
    weigh nothing and are left out)."""
    analyst = analyst_for(kind)
    seconds = []
    for move in moves[:: max(1, len(moves) // most)][:most]:
        started = time.perf_counter()
        found = analyst.weighed(move.before, move.seat)
        if found is not None:
            seconds.append(time.perf_counter() - started)
    seconds.sort()
    print(
        f"  weighing a position (a hint, a drill's answer), {len(seconds)} positions: "
        f"median {statistics.median(seconds):.3f} s, p90 {percentile(seconds, 0.9):.3f} s, "
        f"longest {seconds[-1]:.3f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6, help="games per level and game")
    parser.add_argument("--positions", type=int, default=40, help="Claim positions weighed")
    parser.add_argument("--only", choices=KINDS)
    parser.add_argument(
        "--service-games", type=int, default=6, help="games per game through the services"
    )
    parser.add_argument(
        "--hints-at", type=int, default=1, help="a hint at every so many of a person's positions"
    )
    parser.add_argument(
        "--burst", type=int, default=30, help="rounds of a burst of hints (0: none)"
    )
    parser.add_argument("--burst-games", type=int, default=6, help="the pair's games")
    arguments = parser.parse_args()
    for kind in KINDS:
        if arguments.only in (None, kind):
            if arguments.games:
                bench(kind, arguments.games, arguments.positions)
            else:
                print(f"{kind}:")
            if arguments.service_games:
                bench_service(kind, arguments.service_games, arguments.hints_at)
            if arguments.burst:
                bench_burst(kind, arguments.burst, arguments.burst_games)


if __name__ == "__main__":
    main()
