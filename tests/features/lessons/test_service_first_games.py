"""A lesson's first game, as the lessons service plays it: fresh dice at every move, so that
a position the game comes back to (Gold Nuggets after a bust, its centre as it was) never
throws the same dice again, and every first game ends."""

from __future__ import annotations

import random

from bot.features.lessons.phases import LessonPhase
from bot.features.lessons.service import LessonService
from bot.games import lesson_play
from bot.games.registry import rules_for
from bot.service import GameService
from bot.storage.game_values import Level

MOST_MOVES = 600
"""Far beyond any first game here (the bench's run tens of moves): one that comes back to
a position and throws its dice again never ends."""


async def test_every_first_game_ends(service: GameService) -> None:
    lessons = service.part(LessonService)
    played = [key for key, lesson in lesson_play.lessons().items() if lesson.then_play]
    assert {lesson_play.lesson(key).kind for key in played} == {"claimit", "nuggets", "claim"}
    for learner, key in enumerate(played, start=1):
        standing = await lessons.begin(learner, key)
        rules = rules_for(standing.lesson.kind)
        rng = random.Random(learner)
        for _ in range(MOST_MOVES):
            if standing.phase is LessonPhase.OVER:
                break
            if standing.phase is LessonPhase.PLAYING:
                intent = rules.decide(standing.state, standing.lesson.learner, Level.EASY, rng)
            else:
                intent = standing.lesson.steps[standing.step].taught
            standing = await lessons.move(learner, key, standing.version, intent)
        assert standing.phase is LessonPhase.OVER, key
