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
from bot.discord_ui.face_drawing import drawn, in_rows, look, menu_options
from bot.features.lessons.discord.controls import (
    LessonMove,
    LessonPick,
    LessonWay,
    NextLesson,
    RealGameButton,
    Way,
)
from bot.features.lessons.schema import LessonPhase
from bot.features.lessons.service import Answer, Standing
from bot.games import lesson_play, shared_words
from bot.games.analysis_words import amount
from bot.games.face import GOLD, Choice, Control, Menu, Picture
from bot.games.faces import face_for, faces, report_words_for
from bot.games.lessons import Lesson
from i18n import Language

LESSON_ACCENT = (88, 101, 242)
"""A lesson's colour: Discord's blurple, nobody's seat."""


async def lesson_card(standing: Standing, name: str, lang: Language, *, in_guild: bool) -> Card:
    """Where the learner stands (named ``name`` on the board), under what became of their
    last move; at the end, **Play a real game** where a channel can hold one
    (``in_guild``)."""
    lesson = standing.lesson
    said = [*answer_lines(standing, name, lang), *standing_lines(standing, lang)]
    title = lang._("🎓 {lesson}", lesson=lang.say(lesson.title))
    if standing.phase is LessonPhase.OVER:
        ends: list[discord.ui.Item[Any]] = []
        if in_guild:
            ends.append(RealGameButton(lesson.kind, lang._("Play a real game")))
        following = next_lesson(lesson)
        if following is not None:
            label = lang._("Next: {lesson}", lesson=lang.say(following.title))
            ends.append(NextLesson(following.key, label))
        rows = (tuple(ends),) if ends else ()
        return Card(title=title, text="\n\n".join(said), accent=GOLD, rows=rows)
    face = face_for(lesson.kind)
    table = lesson_play.table(lesson, standing.state, standing.user_id, name, standing.version)
    picture = await face.turn(table, "\n\n".join(said), None, lang)
    picture = replace(picture, title=f"{title} · {progress(standing, lang)}")
    if standing.phase is LessonPhase.ANSWERED:
        ways = (
            LessonWay(lesson.key, standing.version, Way.AGAIN, _way(lang._("Try again"), "↩️")),
            LessonWay(lesson.key, standing.version, Way.ON, _way(lang._("Go on"), "➡️")),
        )
        return _card(picture, (ways,))
    if not lesson_play.learner_to_act(lesson, standing.state):
        return _card(picture, ())
    hand = await face.private(table, lesson.learner, None, lang)
    if hand is None:
        shown = [c for c in face.choices(table, lang) if isinstance(c, Choice | Menu)]
        return _card(picture, choice_rows(standing, shown))
    # The hand's own title names a game; a lesson is none.
    own = replace(hand.picture, title=lang._("Your hand"))
    below = drawn(own, choice_rows(standing, hand.choices))
    return replace(_card(picture, ()), below=below)


def next_lesson(lesson: Lesson) -> Lesson | None:
    """The lesson after ``lesson`` among its game's, if any."""
    ours = [each for each in lesson_play.lessons().values() if each.kind == lesson.kind]
    place = ours.index(lesson)
    return ours[place + 1] if place + 1 < len(ours) else None


def answer_lines(standing: Standing, name: str, lang: Language) -> list[str]:
    """What became of the learner's last move: the step's praise for the move it taught,
    a short line for another as good, the judge's words for a costly one; and that the
    lesson set the board for its next step, where the game went elsewhere. Once the
    learner comes back, only the answer still waiting for them is said again."""
    answer = standing.answer
    lesson = standing.lesson
    if answer is None or answer.step >= len(lesson.steps):
        return []
    if standing.resumed and standing.phase is not LessonPhase.ANSWERED:
        return []
    lines = []
    if answer.taught:
        lines.append("✅ " + lang.say(lesson.steps[answer.step].praise))
    elif standing.phase is LessonPhase.ANSWERED and answer.judged is not None:
        lines.append("💸 " + cost_line(standing, answer, name, lang))
    elif standing.phase is LessonPhase.ANSWERED:
        lines.append(lang._("That is not the move this step teaches."))
    elif not answer.good:
        lines.append(lang._("You went on with your own move."))
    else:
        lines.append("👍 " + lang._("Good too: the judge finds that move as good."))
    if answer.cut:
        lines.append(lang._("The lesson set the board for its next step."))
    return lines


def cost_line(standing: Standing, answer: Answer, name: str, lang: Language) -> str:
    """The judge's words on a costly move: ``Rolling on, where stopping was better by
    1.3 spaces.``, then what the learner may do."""
    judged = answer.judged
    assert judged is not None
    lesson = standing.lesson
    words = report_words_for(lesson.kind)
    before = lesson_play.table(lesson, answer.before, standing.user_id, name, standing.version)
    names = [shared_words.name(seat, lang) for seat in before.seats]
    chosen = words.option(answer.before, judged.chosen, names, lang)
    said = lang._(
        "{chosen}, where {best} was better by {cost}.",
        chosen=chosen[:1].upper() + chosen[1:],
        best=words.option(answer.before, judged.best, names, lang),
        cost=amount(judged.cost, judged.unit, lang),
    )
    return said + " " + lang._("Try the step again, or go on with your move.")


def standing_lines(standing: Standing, lang: Language) -> list[str]:
    """What the learner does now: the step's words, their first game's, or the end's."""
    step = standing.waiting
    if step is not None:
        lines = [lang.say(step.say)]
        if standing.resumed:
            lines.insert(0, lang._("Welcome back: your lesson is where you left it."))
        return lines
    if standing.phase is LessonPhase.PLAYING:
        return [lang._("Now play the game to its end against an easy computer player.")]
    if standing.phase is LessonPhase.OVER:
        return [lang._("🎓 You finished the lesson! Now you know how to play.")]
    return []


def progress(standing: Standing, lang: Language) -> str:
    """``Step 3 of 12``, or the learner's first game past the steps."""
    count = len(standing.lesson.steps)
    if standing.step >= count:
        return lang._("Your first game")
    return lang._("Step {step} of {count}", step=lang.number(standing.step + 1), count=count)


def choice_rows(standing: Standing, shown: Sequence[Control]) -> Rows:
    """The learner's choices, each a button of their lesson at the version shown (a menu,
    a menu of them)."""
    key, version = standing.lesson.key, standing.version
    items: list[discord.ui.Item[Any]] = []
    for control in shown:
        if isinstance(control, Choice):
            items.append(LessonMove(key, version, control.intent, look(control)))
        elif isinstance(control, Menu):
            options = menu_options(control)
            items.append(LessonPick(key, version, options=options, placeholder=control.placeholder))
    return in_rows(items, shown)


def lessons_card(started: Sequence[Standing], lang: Language) -> Card:
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
