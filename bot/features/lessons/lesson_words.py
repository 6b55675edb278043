"""What a lesson says to its learner, on any front end: what became of their last move
(the step's praise, or the judge's words on what it cost), what the step asks now, and
how far along they are."""

from __future__ import annotations

from bot.features.lessons.schema import LessonPhase
from bot.features.lessons.service import Answer, Standing
from bot.games import lesson_play, shared_words
from bot.games.analysis_words import amount
from bot.games.faces import report_words_for
from bot.games.lessons import Lesson
from i18n import Language


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
    if (standing.resumed or standing.caught_up) and standing.phase is not LessonPhase.ANSWERED:
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
    """What the learner does now: the step's words, their first game's, or the end's;
    first, where the press that showed it was on an older message, that it had moved on."""
    lines = _doing_lines(standing, lang)
    if standing.caught_up:
        lines.insert(
            0,
            lang._(
                "Your lesson had moved on since what you pressed (on the board or in another "
                "message), so nothing changed: here it is as it stands."
            ),
        )
    return lines


def _doing_lines(standing: Standing, lang: Language) -> list[str]:
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
