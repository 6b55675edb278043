"""A bot killed at any moment of a lesson loses none of a learner's acknowledged moves:
started again, each learner's lesson resumes at the step their last move reached (or the
one after, where the kill fell between a move's commit and its answer), and each step
counted reached once."""

from __future__ import annotations

import random
import signal
import sqlite3
import time
from pathlib import Path

import pytest

from bot.features.lessons.phases import LessonPhase
from bot.features.lessons.service import LessonService
from bot.service import GameService
from bot.storage.opening import open_database
from tests import processes
from tests.new_sqlite import new_sqlite

pytestmark = [pytest.mark.slow, pytest.mark.long(seconds=10)]

CYCLES = 6
LESSON = "nuggets"


def run_until_killed(path: Path, seed: int, seconds: float) -> dict[int, tuple[int, int]]:
    """Each learner's last acknowledged step and version before a SIGKILL."""
    child = processes.python_module(
        "tests.features.lessons.lesson_kill_child", str(path), str(seed)
    )
    try:
        assert child.stdout is not None
        first = child.stdout.readline()
        assert first, child.stderr.read() if child.stderr else "the child printed nothing"
        time.sleep(seconds)
    finally:
        assert processes.stop_popen(child, signal.SIGKILL) == -signal.SIGKILL
    assert child.stdout is not None
    acknowledged: dict[int, tuple[int, int]] = {}
    for line in [first, *child.stdout.read().splitlines()]:
        if line.strip():
            user, step, version = (int(part) for part in line.split(":"))
            acknowledged[user] = (step, version)
    return acknowledged


async def test_sigkill_at_random_moments_resumes_each_lesson_where_it_stood(
    tmp_path: Path,
) -> None:
    path = Path(await new_sqlite(tmp_path / "killed.sqlite3"))
    rng = random.Random(11)
    acknowledged: dict[int, tuple[int, int]] = {}
    for cycle in range(CYCLES):
        acknowledged |= run_until_killed(path, cycle + 1, rng.uniform(0.05, 0.5))
    assert len(acknowledged) > CYCLES

    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        reached = connection.execute(
            "SELECT user_id, step, COUNT(*) FROM lesson_steps GROUP BY user_id, step"
        ).fetchall()
    assert all(count == 1 for _, _, count in reached), "a step reached once per learner"

    database = await open_database(path)
    try:
        lessons = GameService(database).part(LessonService)
        for user, (step, version) in acknowledged.items():
            kept = await lessons.standing(user, LESSON)
            assert kept is not None
            # The move after the last answer may have committed before the kill.
            assert (kept.step, kept.version) in {(step, version), (step + 1, version + 1)}
            if kept.phase is LessonPhase.OVER:
                continue
            resumed = await lessons.begin(user, LESSON)
            assert resumed.resumed
            assert (resumed.step, resumed.version) == (kept.step, kept.version)
    finally:
        await database.close()
