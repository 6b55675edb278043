"""Where a learner stands in a lesson: the states its rows take, apart from its tables
(``schema``), which only the making of a database reads."""

from __future__ import annotations

from enum import StrEnum


class LessonPhase(StrEnum):
    """Where a learner stands in a lesson."""

    STEP = "step"
    """A step waits for their move."""
    ANSWERED = "answered"
    """Their move was not the step's: it is shown, explained, and they try again or go
    on."""
    PLAYING = "playing"
    """The steps are done: their first game goes on against an easy computer player."""
    OVER = "over"
