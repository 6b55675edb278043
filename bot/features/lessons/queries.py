"""Where each learner stands in each lesson, and what its steps saw."""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.features.lessons.phases import LessonPhase
from bot.storage.connection import Connection, Row
from bot.storage.game_values import JSON
from bot.storage.row_records import read_row


@dataclass(frozen=True)
class KeptLesson:
    """A learner's lesson as kept: the position as JSON, the answer to their last move
    while it is shown."""

    user_id: int
    lesson: str
    step: int
    state: JSON
    phase: LessonPhase
    answer: JSON | None
    version: int
    started_at: float
    updated_at: float
    finished_at: float | None


COLUMNS = (
    "user_id, lesson, step, state, phase, answer, version, started_at, updated_at, finished_at"
)


def _kept(row: Row) -> KeptLesson:
    return read_row(KeptLesson, row)


async def kept_lesson(connection: Connection, user_id: int, lesson: str) -> KeptLesson | None:
    """The learner's lesson ``lesson``, if they started it."""
    rows = await connection.fetch(
        f"SELECT {COLUMNS} FROM lessons WHERE user_id = ? AND lesson = ?", (user_id, lesson)
    )
    return _kept(rows[0]) if rows else None


async def kept_lessons(connection: Connection, user_id: int) -> list[KeptLesson]:
    """Every lesson the learner started, the one they moved in last first."""
    rows = await connection.fetch(
        f"SELECT {COLUMNS} FROM lessons WHERE user_id = ? ORDER BY updated_at DESC, lesson",
        (user_id,),
    )
    return [_kept(row) for row in rows]


async def keep(connection: Connection, kept: KeptLesson) -> None:
    """Writes the learner's lesson as it now stands (made, or replaced whole)."""
    await connection.execute(
        f"INSERT INTO lessons ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (user_id, lesson) DO UPDATE SET step = excluded.step, "
        "state = excluded.state, phase = excluded.phase, answer = excluded.answer, "
        "version = excluded.version, started_at = excluded.started_at, "
        "updated_at = excluded.updated_at, finished_at = excluded.finished_at",
        (
            kept.user_id,
            kept.lesson,
            kept.step,
            json.dumps(kept.state, separators=(",", ":")),
            kept.phase.value,
            None if kept.answer is None else json.dumps(kept.answer, separators=(",", ":")),
            kept.version,
            kept.started_at,
            kept.updated_at,
            kept.finished_at,
        ),
    )


async def step_reached(
    connection: Connection, user_id: int, lesson: str, step: str, now: float
) -> bool:
    """Notes that the learner reached the step (the first time only): whether it was the
    first."""
    if await connection.found(
        "SELECT 1 FROM lesson_steps WHERE user_id = ? AND lesson = ? AND step = ?",
        (user_id, lesson, step),
    ):
        return False
    await connection.execute(
        "INSERT INTO lesson_steps (user_id, lesson, step, reached_at) VALUES (?, ?, ?, ?)",
        (user_id, lesson, step, now),
    )
    return True


async def step_moved(
    connection: Connection, user_id: int, lesson: str, step: str, taught: bool
) -> bool:
    """Notes whether the learner's first move at the step was the taught one (their
    first move there only): whether it was their first."""
    return (
        await connection.execute(
            "UPDATE lesson_steps SET taught_first = ? "
            "WHERE user_id = ? AND lesson = ? AND step = ? AND taught_first IS NULL",
            (int(taught), user_id, lesson, step),
        )
        > 0
    )


async def step_finished(
    connection: Connection, user_id: int, lesson: str, step: str, now: float
) -> bool:
    """Notes that the learner finished the step (the first time only): whether it was the
    first."""
    return (
        await connection.execute(
            "UPDATE lesson_steps SET finished_at = ? "
            "WHERE user_id = ? AND lesson = ? AND step = ? AND finished_at IS NULL",
            (now, user_id, lesson, step),
        )
        > 0
    )


@dataclass(frozen=True)
class StepFigures:
    """What one step of a lesson saw, over every learner."""

    lesson: str
    step: str
    reached: int
    finished: int
    taught_first: int
    """Learners whose first move there was the one it teaches."""
    left: int
    """Learners whose lesson stands at this step, not finished, and has not moved since
    ``idle`` seconds."""


async def step_figures(connection: Connection, now: float, idle: float) -> list[StepFigures]:
    """Every step's figures, lesson by lesson, the steps in the order learners reached
    them first."""
    rows = await connection.fetch(
        "SELECT s.lesson AS lesson, s.step AS step, COUNT(*) AS reached, "
        "SUM(CASE WHEN s.finished_at IS NULL THEN 0 ELSE 1 END) AS finished, "
        "SUM(CASE WHEN s.taught_first = 1 THEN 1 ELSE 0 END) AS taught_first, "
        "SUM(CASE WHEN s.finished_at IS NULL AND l.updated_at <= ? "
        "AND l.phase <> 'over' THEN 1 ELSE 0 END) AS left_here, "
        "MIN(s.reached_at) AS first_reached "
        "FROM lesson_steps AS s JOIN lessons AS l "
        "ON l.user_id = s.user_id AND l.lesson = s.lesson "
        "GROUP BY s.lesson, s.step ORDER BY s.lesson, first_reached, s.step",
        (now - idle,),
    )
    return [
        StepFigures(
            row["lesson"],
            row["step"],
            row["reached"],
            row["finished"] or 0,
            row["taught_first"] or 0,
            row["left_here"] or 0,
        )
        for row in rows
    ]
