"""A lesson as its learner sees it: what became of their last move, what the step says,
the position drawn by the game's own face, and their choices as the lesson's buttons;
and the list of their lessons (``/my lessons``).

The position is drawn from the record ``lesson_play.table`` makes, exactly as a game's
table is, and a game with secrets shows the learner's own hand from their seat only
(the face's ``private``): a lesson shows its learner nothing their seat could not see."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import discord

from bot.discord_ui.card_layout import Card, Line, Rows
from bot.discord_ui.components import Look
from bot.discord_ui.face_drawing import drawn
from bot.discord_ui.limits import CARD_TEXT, joined_within
from bot.features.lessons.discord.controls import (
    LessonWay,
    NextLesson,
    RealGameButton,
    ShareLesson,
    Way,
    choice_rows,
)
from bot.features.lessons.lesson_words import lesson_says, progress
from bot.features.lessons.phases import LessonPhase
from bot.features.lessons.service import LessonStanding
from bot.games import lesson_play
from bot.games.face import GOLD, Choice, Menu, Picture
from bot.games.faces import face_for, faces
from bot.games.registry import rules_for
from bot.games.rules import hides
from i18n import Language

LESSON_ACCENT = (88, 101, 242)
"""A lesson's colour: Discord's blurple, nobody's seat."""


async def lesson_card(
    standing: LessonStanding, name: str, lang: Language, *, in_guild: bool
) -> Card:
    """Where the learner stands (named ``name`` on the board), under what became of their
    last move; at the end, **Play a real game** and **Share** where a channel can hold
    them (``in_guild``)."""
    lesson = standing.lesson
    says = await lesson_says(standing, name, lang)
    said = says.lines
    title = lang._("🎓 {lesson}", lesson=lang.say(lesson.title))
    if standing.phase is LessonPhase.OVER:
        ends: list[discord.ui.Item[Any]] = []
        if in_guild:
            ends.append(RealGameButton(lesson.kind, lang._("Play a real game")))
        if says.following is not None:
            ends.append(NextLesson(*says.following))
        if in_guild and not standing.left_out:
            # Shared as finished: only by its own moves.
            share = lang._("Share in the channel")
            ends.append(ShareLesson(lesson.key, standing.version, share))
        rows = (tuple(ends),) if ends else ()
        end = says.end
        told = "\n\n".join([*said, *([end.text] if end is not None else [])])
        if says.unmet:
            more = lang._("…and {more} more", more="{}")
            told += "\n\n" + joined_within(says.unmet, CARD_TEXT - len(told) - 2, more=more)
        if end is None:
            return Card(title=title, text=told, accent=GOLD, rows=rows)
        return replace(drawn(end, rows), title=title, text=told)
    face = face_for(lesson.kind)
    table = lesson_play.table(lesson, standing.state, standing.user_id, name, standing.version)
    # What the step points at, lit on its pictures as on the board.
    waiting = standing.waiting
    lit: frozenset[str] = frozenset(waiting.lit) if waiting is not None else frozenset()
    picture = await face.turn(table, "\n\n".join(said), None, lang, lit=lit)
    picture = replace(picture, title=f"{title} · {says.progress}")
    if hides(rules_for(lesson.kind)):
        # The table's words send a player to their hand's button, which a lesson has not:
        # the learner's hand is below it while they are to act.
        picture = replace(picture, text="\n\n".join(said))
    if says.ways is not None:
        again, on = says.ways
        ways = (
            LessonWay(lesson.key, standing.version, Way.AGAIN, _way(again, "↩️")),
            LessonWay(lesson.key, standing.version, Way.ON, _way(on, "➡️")),
        )
        return _card(picture, (ways,))
    if not lesson_play.learner_to_act(lesson, standing.state):
        return _card(picture, ())
    hand = await face.private(table, lesson.learner, None, lang, lit=lit)
    if hand is None:
        shown = [c for c in face.choices(table, lang) if isinstance(c, Choice | Menu)]
        return _card(picture, choice_rows(standing, shown))
    # The hand's own title names a game; a lesson is none.
    own = replace(hand.picture, title=lang._("Your hand"))
    below = drawn(own, choice_rows(standing, hand.choices))
    return replace(_card(picture, ()), below=below)


async def shared_card(standing: LessonStanding, name: str, lang: Language) -> Card:
    """What **Share** posts in the channel at a lesson's end, in the channel's language:
    that its learner (``name``) finished it, the end card's picture where it has one, and
    🎓 **Learn to play**, which starts the lesson for whoever presses it."""
    lesson = standing.lesson
    end = await lesson_card(standing, name, lang, in_guild=True)
    text = lang._(
        "<@{player}> finished this lesson of {game}. Take it too: a short game where you "
        "make every move, and only you see it.",
        player=standing.user_id,
        game=face_for(lesson.kind).title,
    )
    learn = NextLesson(lesson.key, lang._("Learn to play"))
    return Card(
        title=lang._("🎓 {lesson}", lesson=lang.say(lesson.title)),
        text=text,
        accent=LESSON_ACCENT,
        image=end.image,
        rows=((learn,),),
    )


def lessons_card(started: Sequence[LessonStanding], lang: Language) -> Card:
    """``/my lessons``: each lesson the learner started, the step they reached or when
    they finished it."""
    if not started:
        learn = lang._("learn")
        commands = lang.list((f"/{face.command} {learn}" for face in faces()), "or")
        text = lang._(
            "You have started no lesson yet. Type {commands} to begin one.", commands=commands
        )
        return Card(title=lang._("🎓 Your lessons"), text=text, accent=LESSON_ACCENT)
    lines = []
    for standing in started:
        said = [progress(standing, lang)] if standing.phase is not LessonPhase.OVER else []
        if standing.phase is LessonPhase.OVER and standing.left_out:
            said.append(lang._("Gone through, not by all its steps"))
        if standing.finished_at is not None:
            said.append(lang._("finished <t:{when}:D>", when=int(standing.finished_at)))
        said.append(f"/{face_for(standing.lesson.kind).command} {lang._('learn')}")
        lines.append(Line(lang.say(standing.lesson.title), " · ".join(said)))
    return Card(
        title=lang._("🎓 Your lessons"),
        text=lang._("Where you are in each lesson you started."),
        accent=LESSON_ACCENT,
        lines=tuple(lines),
    )


def _card(picture: Picture, rows: Rows) -> Card:
    return replace(drawn(picture, rows), accent=LESSON_ACCENT)


def _way(label: str, emoji: str) -> Look:
    return Look(label, emoji, discord.ButtonStyle.secondary)
