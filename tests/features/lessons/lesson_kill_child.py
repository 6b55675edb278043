"""Child process of the lessons' kill test: learners play the Gold Nuggets lesson through
its service as fast as they can, each taught move in turn, a new learner once one
finishes.

    python -m tests.features.lessons.lesson_kill_child DATABASE SEED

After each move's commit it prints ``USER:STEP:VERSION`` (where the learner's lesson now
stands), so that whatever the parent read was acknowledged.
"""

from __future__ import annotations

import asyncio
import sys

from bot.features.lessons.phases import LessonPhase
from bot.features.lessons.service import LessonService
from bot.service import GameService
from bot.service.feature_registry import discovered
from bot.storage.opening import open_database

LESSON = "nuggets"


async def learn_forever(path: str, seed: int) -> None:
    discovered()
    database = await open_database(path)
    lessons = GameService(database).part(LessonService)
    user = seed * 1_000
    while True:
        user += 1
        standing = await lessons.begin(user, LESSON)
        while standing.phase is LessonPhase.STEP:
            taught = standing.lesson.steps[standing.step].taught
            standing = await lessons.move(user, LESSON, standing.version, taught)
            print(f"{user}:{standing.step}:{standing.version}", flush=True)


if __name__ == "__main__":
    asyncio.run(learn_forever(sys.argv[1], int(sys.argv[2])))
