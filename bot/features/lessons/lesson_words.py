"""What a lesson says to its learner, on any front end: what became of their last move
(the step's praise, or the judge's words on what it cost), what the step asks now, and
how far along they are (``lesson_says``, all of it at once)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.features.lessons.phases import LessonPhase
from bot.features.lessons.service import LastAnswer, LessonStanding
from bot.games import lesson_play, shared_words
from bot.games.analysis_words import amount
from bot.games.face import Picture
from bot.games.faces import face_for, reasons_for, report_words_for
from bot.games.lessons import Lesson
from bot.service.errors import slash
from i18n import Language


@dataclass(frozen=True)
class LessonSays:
    """What a lesson says to its learner as it stands, which each front end draws in its
    own way."""

    lines: tuple[str, ...]
    """What became of their last move, then what they do now."""
    progress: str
    """How far along they are (``progress``)."""
    ways: tuple[str, str] | None
    """After a move that was not the step's, the words of the two ways on from it
    (``ways_after``)."""
    end: Picture | None
    """At the lesson's end, where its game ended, once it has (``game_end``)."""
    unmet: tuple[str, ...]
    """At the lesson's end, the rules its learner's steps did not meet (``unmet_lines``)."""
    following: tuple[str, str] | None
    """At the lesson's end, the game's next lesson: its key, and the words of the button
    that starts it."""


async def lesson_says(standing: LessonStanding, name: str, lang: Language) -> LessonSays:
    """What the lesson says to its learner (named ``name`` on the board) as it stands."""
    over = standing.phase is LessonPhase.OVER
    following = next_lesson(standing.lesson) if over else None
    return LessonSays(
        (*answer_lines(standing, name, lang), *standing_lines(standing, lang)),
        progress(standing, lang),
        ways_after(standing, lang) if standing.phase is LessonPhase.ANSWERED else None,
        await game_end(standing, name, lang) if over else None,
        tuple(unmet_lines(standing, lang)) if over else (),
        None
        if following is None
        else (following.key, lang._("Next: {lesson}", lesson=lang.say(following.title))),
    )


async def game_end(standing: LessonStanding, name: str, lang: Language) -> Picture | None:
    """Where the lesson's game ended (its first whole game, or the learner's own): its
    final picture, who won and the final standings, as a game's result shows them, without
    its ratings (a lesson is never rated); ``None`` while the game goes on."""
    lesson = standing.lesson
    outcome = lesson_play.ended(lesson, standing.state, standing.user_id, name, standing.version)
    if outcome is None:
        return None
    picture = await face_for(lesson.kind).result(outcome, "", lang)
    return replace(picture, text=picture.text.strip(), fields=())


def unmet_lines(standing: LessonStanding, lang: Language) -> list[str]:
    """At a lesson's end, every rule of its game's list that none of the steps its learner
    made met, in plain words: first those no lesson plays out, then by the other lesson
    that teaches them, named by the command that starts it. Nothing where every rule
    was met."""
    unmet = lesson_play.unmet(standing.lesson, standing.made)
    if not unmet:
        return []
    lines = [lang._("**In a real game you'll also meet:**")]
    lines += ["- " + lang.say(each.rule.words) for each in unmet if each.teacher is None]
    first = lesson_play.first_lesson(standing.lesson.kind)
    taught: dict[str, list[str]] = {}
    for each in unmet:
        if each.teacher is not None and each.teacher is not first:
            taught.setdefault(each.teacher.key, []).append("- " + lang.say(each.rule.words))
    for key, rules in taught.items():
        where = starting(lesson_play.lesson(key), lang)
        lines += [lang._("**Played out in {lesson}:**", lesson=where), *rules]
    if any(each.teacher is first for each in unmet):
        # The game's own lesson teaches the game: one line sends the learner there, where
        # naming each of its rules would crowd out the lesson's end.
        lines.append(
            lang._(
                "**The rest of the game's rules are played out in {lesson}.**",
                lesson=starting(first, lang),
            )
        )
    return lines


def starting(lesson: Lesson, lang: Language) -> str:
    """How the learner starts ``lesson``: its command (``/claim learn faction:Knights``), or,
    for a lesson reached only from the one before it, its title."""
    command = lang.say(slash(face_for(lesson.kind).command, "learn"))
    if lesson.topic is not None:
        return f"{command} {lang._(lesson.topic.option)}:{lang.say(lesson.topic.name)}"
    if lesson is lesson_play.first_lesson(lesson.kind):
        return command
    return lang._("the lesson “{title}”", title=lang.say(lesson.title))


def next_lesson(lesson: Lesson) -> Lesson | None:
    """The lesson after ``lesson`` among its game's, if any."""
    ours = [each for each in lesson_play.lessons().values() if each.kind == lesson.kind]
    place = ours.index(lesson)
    return ours[place + 1] if place + 1 < len(ours) else None


def answer_lines(standing: LessonStanding, name: str, lang: Language) -> list[str]:
    """What became of the learner's last move: the step's praise for the move it taught; for
    another, the judge's words and what the learner may do (try the step again, or go on
    with their own move, which leaves the lesson's next steps out where its own game does
    not go on from it); once they went on, that they play on from their own move. Once
    the learner comes back, only the answer still waiting for them is said again."""
    answer = standing.answer
    lesson = standing.lesson
    if answer is None or answer.step >= len(lesson.steps):
        return []
    if (standing.resumed or standing.caught_up) and standing.phase is not LessonPhase.ANSWERED:
        return []
    later = answer.step + 1 < len(lesson.steps)
    if answer.taught:
        return ["✅ " + lang.say(lesson.steps[answer.step].praise)]
    if standing.phase is LessonPhase.ANSWERED and answer.good:
        return [
            "👍 " + lang._("Good too: the judge finds that move as good as the step's."),
            lang._(
                "The lesson's next steps are laid out for the step's own move: go on with "
                "yours and play on from it yourself, or play the step's move to keep to "
                "the lesson."
            ),
        ]
    if standing.phase is LessonPhase.ANSWERED:
        judged = answer.judged
        said = "💸 " + cost_line(standing, answer, name, lang) if judged is not None else None
        lines = [said or lang._("That is not the move this step teaches.")]
        why = reason(standing, answer, name, lang)
        if why is not None:
            lines.append(why)
        if later:
            lines.append(
                lang._(
                    "Try the step again, or go on with your own move and play on from it "
                    "yourself: the lesson's next steps are laid out for the step's move."
                )
            )
        else:
            lines.append(lang._("Try the step again, or go on with your move."))
        return lines
    if answer.went_on:
        lines = [lang._("You went on with your own move.")]
        left = len(standing.left_out)
        if left:
            lines.append(
                lang.ngettext(
                    "From here you play on from it yourself: the lesson's last step was "
                    "laid out for the step's move.",
                    "From here you play on from it yourself: the lesson's last {n} steps "
                    "were laid out for the step's move.",
                    left,
                )
            )
        return lines
    return ["👍 " + lang._("Good too: the judge finds that move as good.")]


def ways_after(standing: LessonStanding, lang: Language) -> tuple[str, str]:
    """The two ways on from a move that was not the step's: back to the step (**Try
    again**; after a move as good, **Play the step's move**), and **Go on** with it."""
    answer = standing.answer
    again = lang._("Play the step's move") if answer and answer.good else lang._("Try again")
    return again, lang._("Go on")


def reason(standing: LessonStanding, answer: LastAnswer, name: str, lang: Language) -> str | None:
    """Why the judge's best move beats the learner's, in the game's own words (its
    ``lesson_reasons``): what it keeps or risks, from the position and the verdict."""
    judged = answer.judged
    if judged is None or judged.chosen == judged.best:
        return None
    lesson = standing.lesson
    before = lesson_play.table(lesson, answer.before, standing.user_id, name, standing.version)
    names = [shared_words.name(seat, lang) for seat in before.seats]
    return reasons_for(lesson.kind).why(answer.before, judged, names, lang)


def cost_line(standing: LessonStanding, answer: LastAnswer, name: str, lang: Language) -> str:
    """The judge's words on a costly move: ``Rolling on, where stopping was better by
    1.3 spaces.``"""
    judged = answer.judged
    assert judged is not None
    lesson = standing.lesson
    words = report_words_for(lesson.kind)
    before = lesson_play.table(lesson, answer.before, standing.user_id, name, standing.version)
    names = [shared_words.name(seat, lang) for seat in before.seats]
    chosen = words.option(answer.before, judged.chosen, names, lang)
    return lang._(
        "{chosen}, where {best} was better by {cost}.",
        chosen=chosen[:1].upper() + chosen[1:],
        best=words.option(answer.before, judged.best, names, lang),
        cost=amount(judged.cost, judged.unit, lang),
    )


def standing_lines(standing: LessonStanding, lang: Language) -> list[str]:
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


def _doing_lines(standing: LessonStanding, lang: Language) -> list[str]:
    step = standing.waiting
    back = [lang._("Welcome back: your lesson is where you left it.")] if standing.resumed else []
    if step is not None:
        return [*back, lang.say(step.say)]
    if standing.phase is LessonPhase.PLAYING:
        return [*back, lang._("Now play the game to its end against an easy computer player.")]
    if standing.phase is LessonPhase.OVER and standing.left_out:
        # Finished only by its own moves: going on with one's own leaves steps unmade.
        return [
            lang.ngettext(
                "You went through the lesson, but not its last step: you went on with your "
                "own move there. Take the lesson again to play it.",
                "You went through the lesson, but not its last {n} steps: you went on with "
                "your own move there. Take the lesson again to play them.",
                len(standing.left_out),
            )
        ]
    if standing.phase is LessonPhase.OVER:
        return [lang._("🎓 You finished the lesson! Now you know how to play.")]
    return []


def progress(standing: LessonStanding, lang: Language) -> str:
    """``Step 3 of 12``, the learner's first game past the steps, or their own game from a
    move of theirs they went on with."""
    count = len(standing.lesson.steps)
    if standing.left_out:
        return lang._("Your own game")
    if standing.step >= count:
        return lang._("Your first game")
    return lang._("Step {step} of {count}", step=lang.number(standing.step + 1), count=count)
