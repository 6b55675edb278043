"""A learner's lessons through the service: begun and resumed where they were left, a
step's taught move praised and the lesson moved on, another move answered by the judge
with Try again and Go on, a press on an old version or out of place refused in plain
words with nothing changed, a finished lesson kept as finished when begun again, and
what each step saw counted once per learner."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.features.lessons.errors import LessonMovedOn, NoSuchLesson, NotNow
from bot.features.lessons.schema import LessonPhase
from bot.features.lessons.service import LEFT_AFTER, LessonService, Standing
from bot.games import lesson_play
from bot.games.lessons import Lesson, Reply, Step, draws
from bot.service import GameService
from bot.service.errors import IllegalMove
from i18n import Message
from tests.clock import ManualClock

pytestmark = pytest.mark.service_on_clock

DIE: list[str | int] = ["randint", 1, 6]
LEARNER = 41
KEY = "test-claimit"
LESSON = Lesson(
    key=KEY,
    kind="claimit",
    title=Message("A test lesson"),
    players=2,
    steps=(
        Step("roll", Message("Roll."), "roll", Message("Rolled."), draws=draws(DIE, [1, 2, 3])),
        Step("place", Message("Place."), "E", Message("Placed.")),
        Step("roll_on", Message("Roll."), "roll", Message("Rolled."), draws=draws(DIE, [4, 5, 6])),
        Step("place_again", Message("Place."), "B", Message("Placed.")),
        Step(
            "stop",
            Message("Stop."),
            "stop",
            Message("Stopped."),
            replies=(Reply("roll", draws(DIE, [6, 6, 6])), Reply("A"), Reply("stop")),
        ),
    ),
)
"""Claim It!'s: roll 1-2-3 and place the judge's best of its placements, roll on (where
stopping costs a space by the judge) 4-5-6 and place again, stop, and the computer
player's turn."""


@pytest.fixture(autouse=True)
def test_lesson(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The lessons are this module's alone while it runs."""
    monkeypatch.setattr(lesson_play, "lessons", lambda: {KEY: LESSON})
    lesson_play.path.cache_clear()
    yield
    lesson_play.path.cache_clear()


def lessons(service: GameService) -> LessonService:
    return service.part(LessonService)


async def stopped_early(service: GameService, learner: int) -> Standing:
    """The learner's lesson once they stopped where the lesson rolls on."""
    standing = await lessons(service).begin(learner, KEY)
    for intent in ("roll", "E", "stop"):
        standing = await lessons(service).move(learner, KEY, standing.version, intent)
    return standing


async def test_a_lesson_begins_at_its_first_step_and_is_resumed_where_it_was_left(
    service: GameService,
) -> None:
    begun = await lessons(service).begin(LEARNER, KEY)
    assert (begun.step, begun.phase, begun.resumed) == (0, LessonPhase.STEP, False)
    assert begun.waiting is LESSON.steps[0] and begun.state == lesson_play.path(KEY)[0]
    moved = await lessons(service).move(LEARNER, KEY, begun.version, "roll")
    assert moved.step == 1 and moved.answer is not None and moved.answer.taught
    again = await lessons(service).begin(LEARNER, KEY)
    assert again.resumed and (again.step, again.version) == (1, moved.version)
    assert again.state == lesson_play.path(KEY)[1]


async def test_the_taught_move_moves_on_and_the_last_step_finishes_the_lesson(
    service: GameService, clock: ManualClock
) -> None:
    standing = await lessons(service).begin(LEARNER, KEY)
    for step in LESSON.steps:
        standing = await lessons(service).move(LEARNER, KEY, standing.version, step.taught)
        assert standing.answer is not None and standing.answer.taught
        assert not standing.answer.cut
    assert standing.phase is LessonPhase.OVER and standing.finished_at == clock.now()
    assert standing.state == lesson_play.path(KEY)[-1]
    finished_at = standing.finished_at
    clock.advance(60)
    again = await lessons(service).begin(LEARNER, KEY)
    assert (again.step, again.phase, again.resumed) == (0, LessonPhase.STEP, False)
    assert again.finished_at == finished_at, "finishing once is kept"
    [started] = await lessons(service).started(LEARNER)
    assert started.finished_at == finished_at


async def test_another_move_is_answered_by_the_judge_then_tried_again(
    service: GameService,
) -> None:
    answered = await stopped_early(service, LEARNER)
    assert answered.phase is LessonPhase.ANSWERED and answered.step == 2
    answer = answered.answer
    assert answer is not None and not answer.good and answer.judged is not None
    assert (answer.judged.chosen, answer.judged.best) == ("stop", "roll")
    assert answer.judged.cost > 0 and answer.before == lesson_play.path(KEY)[2]
    with pytest.raises(NotNow):
        await lessons(service).move(LEARNER, KEY, answered.version, "roll")
    tried = await lessons(service).try_again(LEARNER, KEY, answered.version)
    assert (tried.phase, tried.step, tried.answer) == (LessonPhase.STEP, 2, None)
    assert tried.state == lesson_play.path(KEY)[2]
    taught = await lessons(service).move(LEARNER, KEY, tried.version, "roll")
    assert taught.step == 3 and taught.answer is not None and taught.answer.taught


async def test_going_on_with_another_move_takes_up_the_lesson_at_its_next_step(
    service: GameService,
) -> None:
    answered = await stopped_early(service, LEARNER)
    went_on = await lessons(service).go_on(LEARNER, KEY, answered.version)
    assert (went_on.phase, went_on.step) == (LessonPhase.STEP, 3)
    assert went_on.answer is not None and went_on.answer.cut
    assert went_on.state == lesson_play.path(KEY)[3]
    with pytest.raises(NotNow):
        await lessons(service).try_again(LEARNER, KEY, went_on.version)


async def test_refused_presses_change_nothing(service: GameService) -> None:
    begun = await lessons(service).begin(LEARNER, KEY)
    moved = await lessons(service).move(LEARNER, KEY, begun.version, "roll")
    with pytest.raises(LessonMovedOn):
        await lessons(service).move(LEARNER, KEY, begun.version, "roll")
    with pytest.raises(IllegalMove):
        await lessons(service).move(LEARNER, KEY, moved.version, "stop")
    with pytest.raises(NoSuchLesson):
        await lessons(service).move(LEARNER, "no-such-lesson", moved.version, "roll")
    with pytest.raises(NoSuchLesson):
        await lessons(service).move(LEARNER + 1, KEY, moved.version, "E")
    after = await lessons(service).standing(LEARNER, KEY)
    assert after is not None and (after.version, after.step) == (moved.version, 1)


async def test_each_step_counts_who_reached_it_finished_it_left_at_it_and_moved_as_taught(
    service: GameService, clock: ManualClock
) -> None:
    counted: list[tuple[str, str, str]] = []
    lessons(service).counted = lambda *what: counted.append(what)
    first = await lessons(service).begin(LEARNER, KEY)
    await lessons(service).move(LEARNER, KEY, first.version, "roll")
    answered = await stopped_early(service, LEARNER + 1)
    await lessons(service).try_again(LEARNER + 1, KEY, answered.version)
    clock.advance(LEFT_AFTER)
    figures = {f.step: f for f in await lessons(service).figures()}
    assert (figures["roll"].reached, figures["roll"].finished) == (2, 2)
    assert figures["roll"].taught_first == 2 and figures["roll"].left == 0
    assert (figures["place"].reached, figures["place"].finished) == (2, 1)
    assert figures["place"].taught_first == 1 and figures["place"].left == 1
    assert (figures["roll_on"].reached, figures["roll_on"].finished) == (1, 0)
    assert figures["roll_on"].taught_first == 0 and figures["roll_on"].left == 1
    assert "stop" not in figures
    assert counted.count((KEY, "place", "reached")) == 2
    assert counted.count((KEY, "roll_on", "other_first")) == 1
    assert counted.count((KEY, "roll", "taught_first")) == 2


async def test_a_press_behind_the_lesson_is_answered_with_the_lesson_as_it_stands(
    service: GameService,
) -> None:
    begun = await lessons(service).begin(LEARNER, KEY)
    moved = await lessons(service).move(LEARNER, KEY, begun.version, "roll")
    with pytest.raises(LessonMovedOn):
        await lessons(service).move(LEARNER, KEY, begun.version, "roll")
    shown = await lessons(service).caught_up(LEARNER, KEY)
    assert shown.caught_up and (shown.version, shown.step) == (moved.version, 1)
    with pytest.raises(NoSuchLesson):
        await lessons(service).caught_up(LEARNER + 1, KEY)
