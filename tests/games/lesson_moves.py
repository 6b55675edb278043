"""What a lesson's learner may press in a position, as the game's face offers it: the
moves a test or a bench plays other than the taught one."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from bot.games import lesson_play
from bot.games.analysis import Judged
from bot.games.face import Choice, Menu
from bot.games.faces import face_for
from bot.games.lessons import Lesson
from bot.games.registry import rules_for
from bot.games.rules import HiddenInformation
from i18n import english


async def learner_intents(lesson: Lesson, state: Any) -> list[str]:
    """The moves the game offers the learner in ``state``, each once, as its face lists
    them (their own hand's too, in a game with secrets)."""
    table = lesson_play.table(lesson, state, 1, "Learner", 0)
    face = face_for(lesson.kind)
    controls: list[Any] = list(face.choices(table, english()))
    if isinstance(rules_for(lesson.kind), HiddenInformation):
        private = await face.private(table, lesson.learner, None, english())
        controls += list(private.choices) if private is not None else []
    intents = []
    for control in controls:
        if isinstance(control, Choice) and control.enabled:
            intents.append(control.intent)
        elif isinstance(control, Menu):
            intents += [option.intent for option in control.options]
    return list(dict.fromkeys(intents))


async def wrong_moves(key: str) -> AsyncIterator[tuple[str, str, Any, Judged]]:
    """Each move the learner may make in lesson ``key`` that the judge finds worse than the
    taught one: the step's name, the move, its position, and the judge's verdict."""
    lesson = lesson_play.lesson(key)
    for index, step in enumerate(lesson.steps):
        state = lesson_play.path(key)[index]
        for intent in await learner_intents(lesson, state):
            if intent == step.taught:
                continue
            moved = lesson_play.learner_moved(lesson, index, state, intent)
            if not moved.good and moved.judged is not None:
                yield step.name, intent, state, moved.judged
