"""A lesson's controls: each of the learner's choices, **Try again** and **Go on** after a
move that was not the step's, 🎓 **Learn to play** under a game's rules, and **Play a
real game**, the game's next lesson and **Share** at a lesson's end.

The learner's choices are the face's, made the lesson's controls (``choice_rows``).

A lesson's custom_ids name the lesson and the version its message shows, never a
learner: a press acts on the presser's own lesson, so that a button copied to someone
else is their lesson's, and refused as stale unless they stand at that very version."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any

import discord

from bot.discord_ui.card_layout import Rows
from bot.discord_ui.components import UNSEEN, Look, Part, TemplatedButton, TemplatedSelect, choice
from bot.discord_ui.face_drawing import in_rows, look, offer
from bot.features.lessons.service import LessonStanding
from bot.games.face import Choice, Control, Menu

Learning = Any
"""The lessons' part (``handlers.Learning``), which imports these."""

LESSON_KEY = Part(r"[a-z0-9-]{1,30}")
"""A lesson's key (``claimit``, ``claim-doppelgangers``): a lesson no game has is refused
by the service, as one that is not the presser's."""


class Way(StrEnum):
    """What the learner does after a move that was not the step's."""

    AGAIN = "again"
    ON = "on"


class LessonMove(
    TemplatedButton[Learning],
    template="lesson:{lesson}:{version}:{intent}",
    parts={"lesson": LESSON_KEY},
):
    """One of the learner's choices: plays ``intent`` in their lesson at ``version``."""

    calls = "moved"

    def __init__(self, lesson: str, version: int, intent: str, look: Look = UNSEEN) -> None:
        self.lesson, self.version, self.intent = lesson, version, intent
        super().__init__(look)


class LessonPick(
    TemplatedSelect[Learning],
    template="lessonpick:{lesson}:{version}",
    parts={"lesson": LESSON_KEY},
):
    """A menu of the learner's choices (more than a row of buttons holds)."""

    calls = "picked"

    def __init__(self, lesson: str, version: int) -> None:
        self.lesson, self.version = lesson, version
        super().__init__()


class LessonWay(
    TemplatedButton[Learning],
    template="lessonway:{lesson}:{version}:{way}",
    parts={"lesson": LESSON_KEY, "way": choice(Way)},
):
    """**Try again** or **Go on**, after a move that was not the step's."""

    calls = "went"

    def __init__(self, lesson: str, version: int, way: Way, look: Look = UNSEEN) -> None:
        self.lesson, self.version, self.way = lesson, version, way
        super().__init__(look)


class LearnButton(TemplatedButton[Learning], template="{kind}:learn"):
    """🎓 **Learn to play**, under a game's rules: starts (or resumes) its lesson."""

    calls = "learn_pressed"

    def __init__(self, kind: str, label: str | None = None) -> None:
        self.kind = kind
        super().__init__(Look(label, "🎓", discord.ButtonStyle.success))


class RealGameButton(TemplatedButton[Learning], template="{kind}:learnt"):
    """**Play a real game**, at a lesson's end: opens a lobby in the channel."""

    calls = "real_game"

    def __init__(self, kind: str, label: str | None = None) -> None:
        self.kind = kind
        super().__init__(Look(label, "🎲", discord.ButtonStyle.success))


class NextLesson(
    TemplatedButton[Learning], template="lessonstart:{lesson}", parts={"lesson": LESSON_KEY}
):
    """Starts (or resumes) a lesson, for whoever presses it: the game's next at a lesson's
    end, and the one a learner shared in the channel."""

    calls = "next_pressed"

    def __init__(self, lesson: str, label: str | None = None) -> None:
        self.lesson = lesson
        super().__init__(Look(label, "🎓", discord.ButtonStyle.primary))


class ShareLesson(
    TemplatedButton[Learning],
    template="lessonshare:{lesson}:{version}",
    parts={"lesson": LESSON_KEY},
):
    """**Share**, at a lesson's end: posts in the channel, once, that the presser finished
    the lesson at ``version`` (the end it shows)."""

    calls = "share_pressed"

    def __init__(self, lesson: str, version: int, label: str | None = None) -> None:
        self.lesson, self.version = lesson, version
        super().__init__(Look(label, "📣", discord.ButtonStyle.secondary))


def choice_rows(standing: LessonStanding, shown: Sequence[Control]) -> Rows:
    """The learner's choices, each a button of their lesson at the version shown (a menu,
    a menu of them)."""
    key, version = standing.lesson.key, standing.version
    items: list[discord.ui.Item[Any]] = []
    for control in shown:
        if isinstance(control, Choice):
            items.append(LessonMove(key, version, control.intent, look(control)))
        elif isinstance(control, Menu):
            items.append(LessonPick(key, version).offering(offer(control)))
    return in_rows(items, shown)
