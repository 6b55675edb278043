"""Lessons: each learner's place in each lesson, moved on by their presses.

A lesson is played on the game's own rules and judged by its own judge
(``bot.games.lesson_play``); this keeps where each learner stands, one row per learner
and lesson, so that they come back to the step they left, after a restart too. A lesson
is never a game of a channel: it is in no game's table, so never rated, listed, in a
season or a tournament, and nobody but its learner is ever shown it.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from bot.features.lessons import queries
from bot.features.lessons.errors import LessonMovedOn, NoSuchLesson, NotNow
from bot.features.lessons.phases import LessonPhase
from bot.features.lessons.queries import KeptLesson, StepFigures
from bot.games import lesson_play
from bot.games.analysis import Judged
from bot.games.lessons import Lesson, LessonStep
from bot.games.registry import rules_for
from bot.games.rules import IllegalIntent
from bot.service.errors import IllegalMove
from bot.service.feature_service import FeatureService
from bot.storage.connection import Connection

LEFT_AFTER = 24 * 3600.0
"""A lesson not moved on for a day counts as left at its step in the figures."""


@dataclass(frozen=True)
class LastAnswer:
    """What the learner's last move was, and what the judge said of it."""

    intent: str
    taught: bool
    """It was the step's taught move."""
    good: bool
    """It was the taught move, or as good by the judge (or the only one)."""
    judged: Judged | None
    before: Any
    """The position it was made in."""
    went_on: bool
    """The learner went on with it, off the lesson's own game: from there they play on
    from their own move, the lesson's next steps left out."""
    step: int
    """The step it was made at (``len(lesson.steps)``: in a game past the steps)."""


@dataclass(frozen=True)
class LessonStanding:
    """Where a learner stands in a lesson."""

    lesson: Lesson
    user_id: int
    step: int
    """The step waiting; past the steps (playing on, or over), how many of them the learner
    made as the lesson has them (all of them but where they went on with their own move
    and played on from it)."""
    state: Any
    phase: LessonPhase
    version: int
    answer: LastAnswer | None
    """The answer to their last move, shown above what follows."""
    finished_at: float | None
    """When they first finished it."""
    resumed: bool = False
    """They came back to it: a lesson started before."""
    caught_up: bool = False
    """Shown for a press on what showed it before it moved on elsewhere (on the board,
    in another message): as it stands, that press changing nothing."""

    @property
    def waiting(self) -> Any:
        """The step waiting for their move, if a step waits."""
        if self.phase is LessonPhase.STEP and self.step < len(self.lesson.steps):
            return self.lesson.steps[self.step]
        return None

    @property
    def left_out(self) -> tuple[LessonStep, ...]:
        """The lesson's steps the learner did not make, having gone on with a move of their
        own and played on from it (none while the steps go on)."""
        if self.phase in (LessonPhase.PLAYING, LessonPhase.OVER):
            return self.lesson.steps[self.step :]
        return ()

    @property
    def made(self) -> tuple[LessonStep, ...]:
        """The lesson's steps the learner made so far, as the lesson has them (the step's
        move, or one the judge finds as good)."""
        return self.lesson.steps[: self.step]


class LessonService(FeatureService):
    """Starting, resuming and moving on each learner's lessons."""

    counted: Callable[[str, str, str], None] | None = None
    """Told of each step reached, finished and taught first (lesson, step, what), for the
    metrics; set by whoever counts them."""

    async def begin(self, user_id: int, key: str) -> LessonStanding:
        """The learner's lesson ``key``: where they left it, or from its start (again,
        once they finished it)."""
        lesson = _lesson(key)
        now = self._clock()

        async def beginning(connection: Connection) -> LessonStanding:
            kept = await queries.kept_lesson(connection, user_id, key)
            if kept is not None and kept.phase is not LessonPhase.OVER:
                return replace(_standing(lesson, kept), resumed=True)
            state = lesson_play.start(lesson)
            fresh = KeptLesson(
                user_id,
                key,
                0,
                rules_for(lesson.kind).state_to_json(state),
                LessonPhase.STEP,
                None,
                (kept.version + 1) if kept is not None else 0,
                now,
                now,
                kept.finished_at if kept is not None else None,
            )
            await queries.keep(connection, fresh)
            await self._reached(connection, lesson, user_id, 0, now)
            return _standing(lesson, fresh)

        return await self._db.write(beginning)

    async def standing(self, user_id: int, key: str) -> LessonStanding | None:
        """Where the learner stands in ``key``, if they started it."""
        lesson = _lesson(key)
        kept = await self._db.read(lambda c: queries.kept_lesson(c, user_id, key))
        return None if kept is None else _standing(lesson, kept)

    async def caught_up(self, user_id: int, key: str) -> LessonStanding:
        """Where the learner stands in ``key``, for a press on what showed it before it
        moved on (``LessonStanding.caught_up``); refused where they never started it."""
        found = await self.standing(user_id, key)
        if found is None:
            raise NoSuchLesson()
        return replace(found, caught_up=True)

    async def move(self, user_id: int, key: str, version: int, intent: str) -> LessonStanding:
        """The learner's move at the version they saw; refused (``IllegalMove``) where the
        game's rules refuse it, nothing changed. The step's move goes on to the next step;
        another the judge finds as good too, where the lesson's own game goes on from it
        (or no step is left to leave out), and else it is answered: the judge's words,
        and the learner tries the step again or goes on with their own move."""
        lesson = _lesson(key)
        seen = await self._current(user_id, lesson, version)
        if seen.phase not in (LessonPhase.STEP, LessonPhase.PLAYING):
            raise NotNow()
        playing = seen.phase is LessonPhase.PLAYING
        # A first game's dice are fresh at every move: drawn from a position alone, a
        # position the game comes back to (Gold Nuggets after a bust) would throw the same.
        chance = random.Random() if playing else None
        at = len(lesson.steps) if playing else seen.step
        try:
            moved = await asyncio.to_thread(
                lesson_play.learner_moved, lesson, at, seen.state, intent, chance
            )
        except IllegalIntent as e:
            raise IllegalMove(e.words) from None
        answer = LastAnswer(intent, moved.taught, moved.good, moved.judged, moved.before, False, at)
        if playing:
            return await self._played_on(seen, moved.state, seen.step, answer)
        step = lesson.steps[seen.step]
        first = (step.name, moved.taught)
        if moved.taught:
            return await self._next_step(seen, moved.state, answer, first=first)
        last = seen.step + 1 == len(lesson.steps)
        if moved.good:
            gone = await asyncio.to_thread(lesson_play.went_on, lesson, seen.step, moved.state)
            if gone.rejoined:
                return await self._next_step(seen, gone.state, answer, first=first)
            if last:
                # No step left to leave out: the game goes on from the learner's move.
                return await self._played_on(
                    seen, gone.state, len(lesson.steps), answer, first=first, left=seen.step
                )
        return await self._moved_on(
            seen, moved.state, seen.step, LessonPhase.ANSWERED, answer, first=first
        )

    async def try_again(self, user_id: int, key: str, version: int) -> LessonStanding:
        """Back to the step, in the position the learner's own move was made in."""
        lesson = _lesson(key)
        seen = await self._current(user_id, lesson, version)
        if seen.phase is not LessonPhase.ANSWERED or seen.answer is None:
            raise NotNow()
        return await self._moved_on(seen, seen.answer.before, seen.step, LessonPhase.STEP, None)

    async def go_on(self, user_id: int, key: str, version: int) -> LessonStanding:
        """On with the learner's own move, kept: the computer players reply to it, and the
        lesson takes up its next step where that is its own position again; elsewhere the
        learner plays on from their move to the game's end, the lesson's steps from this
        one (or the next, after a move the judge finds as good) left out."""
        lesson = _lesson(key)
        seen = await self._current(user_id, lesson, version)
        if seen.phase is not LessonPhase.ANSWERED or seen.answer is None:
            raise NotNow()
        answer = replace(seen.answer, went_on=True)
        gone = await asyncio.to_thread(lesson_play.went_on, lesson, seen.step, seen.state)
        if gone.rejoined and answer.good:
            return await self._next_step(seen, gone.state, answer)
        made = seen.step + 1 if answer.good else seen.step
        return await self._played_on(seen, gone.state, made, answer, left=seen.step)

    async def started(self, user_id: int) -> list[LessonStanding]:
        """Every lesson the learner started, the latest first (finished ones with
        ``finished_at``)."""
        kept = await self._db.read(lambda c: queries.kept_lessons(c, user_id))
        known = lesson_play.lessons()
        return [_standing(known[k.lesson], k) for k in kept if k.lesson in known]

    async def figures(self) -> list[StepFigures]:
        """What each lesson's steps saw, over every learner."""
        now = self._clock()
        return await self._db.read(lambda c: queries.step_figures(c, now, LEFT_AFTER))

    async def _current(self, user_id: int, lesson: Lesson, version: int) -> LessonStanding:
        kept = await self._db.read(lambda c: queries.kept_lesson(c, user_id, lesson.key))
        if kept is None:
            raise NoSuchLesson()
        if kept.version != version:
            raise LessonMovedOn()
        return _standing(lesson, kept)

    async def _next_step(
        self,
        seen: LessonStanding,
        state: Any,
        answer: LastAnswer,
        first: tuple[str, bool] | None = None,
    ) -> LessonStanding:
        """On to the step after ``seen``'s, from ``state``, the lesson's own position there;
        past the last, the learner's first game or the end."""
        lesson = seen.lesson
        following = seen.step + 1
        if following < len(lesson.steps):
            return await self._moved_on(
                seen, state, following, LessonPhase.STEP, answer, first=first, left=seen.step
            )
        return await self._played_on(seen, state, following, answer, first=first, left=seen.step)

    async def _played_on(
        self,
        seen: LessonStanding,
        state: Any,
        made: int,
        answer: LastAnswer,
        *,
        first: tuple[str, bool] | None = None,
        left: int | None = None,
    ) -> LessonStanding:
        """Past the steps, ``made`` of them made: the game played on from ``state`` (a
        lesson that plays its first whole game, or one the learner went on from with their
        own move), or the lesson over, finished only where every step was made."""
        lesson = seen.lesson
        own = made < len(lesson.steps)
        over = rules_for(lesson.kind).is_over(state)
        phase = LessonPhase.PLAYING if not over and (lesson.then_play or own) else LessonPhase.OVER
        return await self._moved_on(
            seen,
            state,
            made,
            phase,
            answer,
            first=first,
            left=left,
            finishing=phase is LessonPhase.OVER and not own,
        )

    async def _moved_on(
        self,
        seen: LessonStanding,
        state: Any,
        step: int,
        phase: LessonPhase,
        answer: LastAnswer | None,
        *,
        first: tuple[str, bool] | None = None,
        left: int | None = None,
        finishing: bool = False,
    ) -> LessonStanding:
        """Keeps where the learner now stands, if the lesson is still at the version they
        saw (a second press of the same button is refused)."""
        lesson = seen.lesson
        now = self._clock()
        rules = rules_for(lesson.kind)

        async def moving(connection: Connection) -> LessonStanding:
            kept = await queries.kept_lesson(connection, seen.user_id, lesson.key)
            if kept is None or kept.version != seen.version:
                raise LessonMovedOn()
            finished_at = kept.finished_at
            if finishing and finished_at is None:
                finished_at = now
            written = replace(
                kept,
                step=step,
                state=rules.state_to_json(state),
                phase=phase,
                answer=None if answer is None else _answer_json(lesson, answer),
                version=kept.version + 1,
                updated_at=now,
                finished_at=finished_at,
            )
            await queries.keep(connection, written)
            if first is not None and await queries.step_moved(
                connection, seen.user_id, lesson.key, first[0], first[1]
            ):
                self._count(lesson.key, first[0], "taught_first" if first[1] else "other_first")
            if left is not None:
                name = lesson.steps[left].name
                if await queries.step_finished(connection, seen.user_id, lesson.key, name, now):
                    self._count(lesson.key, name, "finished")
            if phase is LessonPhase.STEP and step != seen.step:
                await self._reached(connection, lesson, seen.user_id, step, now)
            return _standing(lesson, written)

        return await self._db.write(moving)

    async def _reached(
        self, connection: Connection, lesson: Lesson, user_id: int, step: int, now: float
    ) -> None:
        name = lesson.steps[step].name
        if await queries.step_reached(connection, user_id, lesson.key, name, now):
            self._count(lesson.key, name, "reached")

    def _count(self, lesson: str, step: str, what: str) -> None:
        if self.counted is not None:
            self.counted(lesson, step, what)


def _lesson(key: str) -> Lesson:
    try:
        return lesson_play.lesson(key)
    except KeyError:
        raise NoSuchLesson() from None


def _standing(lesson: Lesson, kept: KeptLesson) -> LessonStanding:
    rules = rules_for(lesson.kind)
    return LessonStanding(
        lesson,
        kept.user_id,
        kept.step,
        rules.state_from_json(kept.state),
        kept.phase,
        kept.version,
        None if kept.answer is None else _answer_read(lesson, kept.answer),
        kept.finished_at,
    )


def _answer_json(lesson: Lesson, answer: LastAnswer) -> dict[str, Any]:
    return {
        "intent": answer.intent,
        "taught": answer.taught,
        "good": answer.good,
        "judged": None if answer.judged is None else answer.judged.to_json(),
        "before": rules_for(lesson.kind).state_to_json(answer.before),
        "went_on": answer.went_on,
        "step": answer.step,
    }


def _answer_read(lesson: Lesson, data: Mapping[str, Any]) -> LastAnswer:
    return LastAnswer(
        str(data["intent"]),
        bool(data["taught"]),
        bool(data["good"]),
        None if data["judged"] is None else Judged.from_json(data["judged"]),
        rules_for(lesson.kind).state_from_json(data["before"]),
        bool(data.get("went_on", False)),
        int(data["step"]),
    )
