"""Every lesson played straight through by a script, and many learners played through the
lessons' service, as an operator reads what the steps saw.

    python -m bench.lessons [--learners 40] [--only KEY]

For each lesson it prints its steps, the learner's moves and the computer players' on
its taught path, and the wall time of playing it straight through the service on a
SQLite file (each move a transaction, the judge asked about every move that is not the
taught one); then the time of one move (median and p99, over every learner's), and the
figures an operator reads per step: how many learners reached it, finished it, left at
it, and took the taught move first. The learners are seeded: most take the taught move,
some another (then try again or go on), a few leave.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

from bench.figures import percentile
from bot.features.lessons.phases import LessonPhase
from bot.features.lessons.service import LEFT_AFTER, LessonService
from bot.games import lesson_play
from bot.games.registry import rules_for
from bot.service import GameService
from bot.service.feature_registry import discovered
from bot.storage.game_values import Level
from bot.storage.opening import open_database
from tests.games.lesson_moves import learner_intents
from tests.new_sqlite import new_sqlite

OTHER_MOVE = 0.25
"""The share of a seeded learner's moves that are not the step's."""
LEAVES = 0.04
"""The chance a seeded learner leaves at a step, for good."""


class Clock:
    """The service's time, moved on by the bench: a learner who left is idle long enough
    to count as having left."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


async def learner(
    lessons: LessonService, user: int, key: str, rng: random.Random, moves: list[float]
) -> None:
    """One seeded learner through the lesson ``key``, until they finish or leave."""
    standing = await lessons.begin(user, key)
    rules = rules_for(standing.lesson.kind)
    while standing.phase is not LessonPhase.OVER:
        if rng.random() < LEAVES:
            return
        started = time.perf_counter()
        if standing.phase is LessonPhase.ANSWERED:
            if rng.random() < 0.5:
                standing = await lessons.try_again(user, key, standing.version)
            else:
                standing = await lessons.go_on(user, key, standing.version)
        elif standing.phase is LessonPhase.PLAYING:
            intent = rules.decide(standing.state, standing.lesson.learner, Level.EASY, rng)
            standing = await lessons.move(user, key, standing.version, intent)
        else:
            step = standing.lesson.steps[standing.step]
            others = [
                i
                for i in await learner_intents(standing.lesson, standing.state)
                if i != step.taught
            ]
            intent = rng.choice(others) if others and rng.random() < OTHER_MOVE else step.taught
            standing = await lessons.move(user, key, standing.version, intent)
        moves.append(time.perf_counter() - started)


async def straight_through(lessons: LessonService, key: str) -> tuple[float, int]:
    """The wall time of the lesson played with every step's taught move, through the
    service, and how many moves of the learner's first game followed."""
    started = time.perf_counter()
    standing = await lessons.begin(0, key)
    rules = rules_for(standing.lesson.kind)
    rng = random.Random(0)
    played = 0
    while standing.phase is not LessonPhase.OVER:
        if standing.phase is LessonPhase.PLAYING:
            intent = rules.decide(standing.state, standing.lesson.learner, Level.EASY, rng)
            played += 1
        else:
            intent = standing.lesson.steps[standing.step].taught
        standing = await lessons.move(0, key, standing.version, intent)
    return time.perf_counter() - started, played


async def main(learners: int, only: Iterable[str]) -> None:
    clock = Clock()
    discovered()
    with tempfile.TemporaryDirectory() as folder:
        database = await open_database(await new_sqlite(Path(folder) / "lessons.sqlite3"))
        try:
            lessons = GameService(database, clock=clock).part(LessonService)
            for key in only:
                lesson = lesson_play.lesson(key)
                started = time.perf_counter()
                path = lesson_play.path(key)
                path_seconds = time.perf_counter() - started
                computer = sum(
                    len(
                        lesson_play.learner_moved(
                            lesson, i, path[i], s.taught, judging=False
                        ).replies
                    )
                    for i, s in enumerate(lesson.steps)
                )
                seconds, first_game = await straight_through(lessons, key)
                print(
                    f"{key}: {len(lesson.steps)} steps, {len(lesson.steps)} moves of the "
                    f"learner's and {computer} of the computer players'; its path worked out "
                    f"in {path_seconds:.2f} s; played straight through in {seconds:.2f} s"
                    + (f", then a first game of {first_game} moves" if lesson.then_play else "")
                )
                moves: list[float] = []
                for user in range(1, learners + 1):
                    await learner(lessons, user, key, random.Random(user), moves)
                print(
                    f"  a move: median {statistics.median(moves) * 1000:.1f} ms, "
                    f"p99 {percentile(moves, 0.99) * 1000:.1f} ms over {len(moves)} moves"
                )
            clock.now += LEFT_AFTER
            print(f"  {'lesson':<16} {'step':<22} reached finished left taught-first")
            for figures in await lessons.figures():
                if figures.lesson in only:
                    print(
                        f"  {figures.lesson:<16} {figures.step:<22} {figures.reached:>7} "
                        f"{figures.finished:>8} {figures.left:>4} {figures.taught_first:>12}"
                    )
        finally:
            await database.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=40)
    parser.add_argument("--only", action="append", help="a lesson's key (repeatable)")
    arguments = parser.parse_args()
    asyncio.run(main(arguments.learners, arguments.only or sorted(lesson_play.lessons())))
