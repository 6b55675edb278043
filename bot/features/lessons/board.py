"""Lessons on the board (the app's Activity): 🎓 **Learn to play** each game from the
games list, and the lesson played there as in the channel: the same learner's lesson,
kept in one place, so that it goes on where it was left on either front end.

The board draws the lesson's position with the game's own board, from the learner's seat
only (``Shown.seat``): a lesson shows its learner nothing their seat could not see."""

from __future__ import annotations

from bot.features.lessons.errors import LessonMovedOn, NotNow
from bot.features.lessons.lesson_words import lesson_says, progress
from bot.features.lessons.phases import LessonPhase
from bot.features.lessons.service import LessonService, LessonStanding
from bot.games import lesson_play
from bot.games.face import Tone
from bot.games.faces import face_for
from bot.service.board_places import Asked, BoardPlace, Entry, Shown, Way
from bot.service.errors import slash
from bot.service.game_loading import Where
from i18n import Language

LEARN = "🎓"
AGAIN, ON, MOVE = "again", "on", "move"


async def entries(
    lessons: LessonService, user_id: int, where: Where, lang: Language
) -> list[Entry]:
    """Each game's first lesson, then any other the learner left before its end (a
    lesson is the learner's own, wherever the board was opened)."""
    started = {standing.lesson.key: standing for standing in await lessons.started(user_id)}
    kinds = dict.fromkeys(lesson.kind for lesson in lesson_play.lessons().values())
    firsts = [lesson_play.first_lesson(kind) for kind in kinds]
    left = [
        standing.lesson
        for standing in started.values()
        if standing.lesson not in firsts and standing.phase is not LessonPhase.OVER
    ]
    shown = []
    for lesson in [*firsts, *left]:
        standing = started.get(lesson.key)
        note = None
        label = lang._("Learn to play")
        if standing is not None and standing.phase is not LessonPhase.OVER:
            # Half done: it opens where it was left, not from its start.
            note, label = progress(standing, lang), lang._("Resume")
        elif standing is not None and standing.left_out:
            note = lang._("Gone through, not by all its steps")
        elif standing is not None:
            note = lang._("Finished")
        shown.append(Entry(lesson.key, lesson.kind, lang.say(lesson.title), label, LEARN, note))
    return shown


async def opened(
    lessons: LessonService, user_id: int, name: str, key: str, where: Where, lang: Language
) -> Shown:
    """The lesson ``key`` where the learner left it, or from its start."""
    return await shown(await lessons.begin(user_id, key), name, lang)


async def asked(lessons: LessonService, asked: Asked, lang: Language) -> Shown:
    """A move of the learner's, **Try again** or **Go on**, at the version they saw; where
    the lesson had moved on since (in the channel), the lesson as it stands, saying so."""
    user, key, version = asked.user_id, asked.key, asked.version
    try:
        if asked.ask == MOVE and asked.intent is not None:
            standing = await lessons.move(user, key, version, asked.intent)
        elif asked.ask == AGAIN:
            standing = await lessons.try_again(user, key, version)
        elif asked.ask == ON:
            standing = await lessons.go_on(user, key, version)
        else:
            raise NotNow()
    except LessonMovedOn:
        standing = await lessons.caught_up(user, key)
    return await shown(standing, asked.name, lang)


async def shown(standing: LessonStanding, name: str, lang: Language) -> Shown:
    """Where the learner stands, as the board shows it: the words the channel's card says,
    the position (once the lesson is over, the game's end where it ended, with who won
    and the final standings), and their ways on."""
    lesson = standing.lesson
    says = await lesson_says(standing, name, lang)
    said = says.lines
    title = lang.say(lesson.title)
    ways: tuple[Way, ...] = ()
    if standing.phase is LessonPhase.OVER:
        end = says.end
        table = None
        if end is not None:
            said = (*said, *(line for line in end.text.split("\n") if line.strip()))
            table = lesson_play.table(
                lesson, standing.state, standing.user_id, name, standing.version
            )
        said = (*said, *says.unmet)
        # A lobby opens in the channel's chat, where its table is played.
        new = slash(face_for(lesson.kind).command, "new")
        said = (*said, lang._("Play a real game: type {command} in the chat.", command=new))
        if says.following is not None:
            key, label = says.following
            ways = (Way("open", label, LEARN, Tone.PRIMARY, key),)
        return Shown(
            lesson.key,
            lesson.kind,
            standing.version,
            title,
            None,
            said,
            table,
            lesson.learner if table is not None else None,
            False,
            ways,
        )
    if says.ways is not None:
        again, on = says.ways
        ways = (Way(AGAIN, again, "↩️"), Way(ON, on, "➡️"))
    table = lesson_play.table(lesson, standing.state, standing.user_id, name, standing.version)
    moves = standing.phase in (LessonPhase.STEP, LessonPhase.PLAYING) and (
        lesson_play.learner_to_act(lesson, standing.state)
    )
    step = standing.waiting
    return Shown(
        lesson.key,
        lesson.kind,
        standing.version,
        title,
        says.progress,
        said,
        table,
        lesson.learner,
        moves,
        ways,
        step.lit if step is not None else (),
    )


LESSONS = BoardPlace(
    name="lesson",
    service=LessonService,
    entries=entries,
    opened=opened,
    asked=asked,
)
