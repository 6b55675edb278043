"""Why a lesson's press or command was refused, in plain words."""

from __future__ import annotations

from bot.service.errors import Refusal
from i18n import Message


class NoSuchLesson(Refusal):
    """A lesson (or a faction's) no game teaches: a forged button, an old one."""

    words = Message("There is no such lesson, so nothing changed.")


class LessonMovedOn(Refusal):
    """A press on a lesson's message that no longer shows where the lesson stands (an
    older message, a second press)."""

    words = Message(
        "Your lesson has moved on since this message (on the board or in another message), "
        "so nothing changed."
    )


class NotNow(Refusal):
    """A press that is not the lesson's to take where it stands (Try again once it went
    on, a move while a move's answer waits)."""

    words = Message("That isn't something to do in your lesson now: nothing changed.")
