"""Lessons: where each learner stands in each lesson, and what its steps saw (who reached
each, finished it, and whether their first move there was the one it teaches)."""

from __future__ import annotations

from sqlalchemy import Column, Integer, Text

from bot.features.lessons.phases import LessonPhase
from bot.storage.schema.columns import Real, a_count, a_time, key, one_of, table

lessons = table(
    "lessons",
    key("user_id"),
    Column("lesson", Text, primary_key=True),
    Column("step", Integer, nullable=False),
    # The position as the game's rules keep one (its JSON): only the lesson's own learner
    # is ever shown it, and only what their seat may see.
    Column("state", Text, nullable=False),
    one_of("phase", tuple(LessonPhase)),
    # The answer to their last move while ANSWERED (its intent, the judge's verdict and
    # the position it was made in), as JSON.
    Column("answer", Text),
    a_count("version"),
    a_time("started_at"),
    a_time("updated_at"),
    # The first time they finished it; starting it again keeps it.
    Column("finished_at", Real),
    since=24,
)

lesson_steps = table(
    "lesson_steps",
    key("user_id"),
    Column("lesson", Text, primary_key=True),
    Column("step", Text, primary_key=True),
    a_time("reached_at"),
    # Whether their first move at the step was the one it teaches: NULL until they move.
    Column("taught_first", Integer),
    Column("finished_at", Real),
    since=24,
)
