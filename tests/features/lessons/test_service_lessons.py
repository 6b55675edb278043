"""A learner's lessons through the service: begun and resumed where they were left, a
step's taught move praised and the lesson moved on, another move answered by the judge
with Try again and Go on, a press on an old version or out of place refused in plain
words with nothing changed, a finished lesson kept as finished when begun again, and
what each step saw counted once per learner."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.features.lessons.errors import LessonMovedOn, NoSuchLesson, NotNow
from bot.features.lessons.phases import LessonPhase
from bot.features.lessons.service import LEFT_AFTER, LessonService, LessonStanding
from bot.games import lesson_play
from bot.games.claimit.game import CLAIMIT
from bot.games.lessons import ComputerReply, Lesson, LessonStep, draws
from bot.service import GameService
from bot.service.errors import IllegalMove
from bot.storage.game_values import JSON, Level
from engine.claimit import Phase, Place, Space
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
        LessonStep(
            "roll", Message("Roll."), "roll", Message("Rolled."), draws=draws(DIE, [1, 2, 3])
        ),
        LessonStep("place", Message("Place."), "E", Message("Placed.")),
        LessonStep(
            "roll_on", Message("Roll."), "roll", Message("Rolled."), draws=draws(DIE, [4, 5, 6])
        ),
        LessonStep("place_again", Message("Place."), "B", Message("Placed.")),
        LessonStep(
            "stop",
            Message("Stop."),
            "stop",
            Message("Stopped."),
            replies=(
                ComputerReply("roll", draws(DIE, [6, 6, 6])),
                ComputerReply("A"),
                ComputerReply("stop"),
            ),
        ),
    ),
)
"""Claim It!'s: roll 1-2-3 and place the judge's best of its placements, roll on (where
stopping costs a space by the judge) 4-5-6 and place again, stop, and the computer
player's turn."""


def last_turn() -> JSON:
    """The game's last turn, the learner's, placing: its mines tied at 14, its claimed
    spaces 13 each, and the computer a space ahead. A claim marker on the learner's own
    6,1 wins on claimed spaces; a squatter on 6,4 only ties."""
    board: dict[str, list[str]] = {}
    for col in range(1, 7):
        for row, owner in ((1, "P0"), (2, "P0"), (5, "P1"), (6, "P1")):
            board[f"{col},{row}"] = ["C", owner]
    board.update({"6,1": ["P0"], "1,3": ["C", "P0"], "2,3": ["C", "P0"]})
    board.update({"6,5": ["P1"], "5,3": ["P1"], "1,4": ["C", "P1"], "2,4": ["C", "P1"]})
    return {
        "players": 2,
        "variant": False,
        "turn": 0,
        "phase": "place",
        "dice": [6, 1, 4],
        "board": board,
        "last_round": {"caller": 0, "turns_left": 1},
    }


LAST_KEY = "test-claimit-last"
LAST = Lesson(
    key=LAST_KEY,
    kind="claimit",
    title=Message("A one-step test lesson"),
    players=2,
    steps=(LessonStep("claim", Message("Claim."), "A", Message("Claimed.")),),
    start=last_turn(),
)
"""One step, the one that decides the game: a claim marker (A), where the squatter (B)
costs the win."""


@pytest.fixture(autouse=True)
def test_lesson(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The lessons are this module's alone while it runs."""
    monkeypatch.setattr(lesson_play, "lessons", lambda: {KEY: LESSON, LAST_KEY: LAST})
    lesson_play.path.cache_clear()
    yield
    lesson_play.path.cache_clear()


def lessons(service: GameService) -> LessonService:
    return service.part(LessonService)


async def stopped_early(service: GameService, learner: int) -> LessonStanding:
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
        assert not standing.answer.went_on
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


async def test_going_on_keeps_the_learners_own_move_and_plays_on_from_it(
    service: GameService,
) -> None:
    answered = await stopped_early(service, LEARNER)
    own = answered.state
    assert own.turn == 1, "their stop ended their turn"
    placed = CLAIMIT.action(lesson_play.path(KEY)[1], 0, "E", random.Random(0))
    assert isinstance(placed, Place)
    at = Space(placed.placement.col, placed.placement.row)
    assert own.stack(at) == ("P0",), "their squatter settled by their own stop"
    went_on = await lessons(service).go_on(LEARNER, KEY, answered.version)
    assert (went_on.phase, went_on.step) == (LessonPhase.PLAYING, 2)
    assert went_on.left_out == LESSON.steps[2:] and went_on.made == LESSON.steps[:2]
    assert went_on.answer is not None and went_on.answer.went_on and not went_on.answer.good
    gone = lesson_play.went_on(LESSON, 2, own)
    assert went_on.state == gone.state != lesson_play.path(KEY)[3]
    assert gone.replies and gone.replies[0] == CLAIMIT.apply(own, 1, gone_first(own)).state
    assert went_on.state.turn == 0 and went_on.state.stack(at)[-1] in ("P0", "C")
    with pytest.raises(NotNow):
        await lessons(service).try_again(LEARNER, KEY, went_on.version)
    # Their own game goes on, on the game's rules.
    rolled = await lessons(service).move(LEARNER, KEY, went_on.version, "roll")
    assert rolled.phase is LessonPhase.PLAYING and rolled.step == 2


def gone_first(state: Any) -> Any:
    """The computer player's first move after the learner's stop, as the lesson draws it."""
    seed = json.dumps(CLAIMIT.state_to_json(state), sort_keys=True)
    chance = random.Random(f"{KEY}:2:on:{seed}")
    return CLAIMIT.action(state, 1, CLAIMIT.decide(state, 1, Level.EASY, chance), chance)


async def test_a_move_the_judge_finds_as_good_is_never_swapped(service: GameService) -> None:
    begun = await lessons(service).begin(LEARNER, KEY)
    rolled = await lessons(service).move(LEARNER, KEY, begun.version, "roll")
    kept = await lessons(service).move(LEARNER, KEY, rolled.version, "B")
    assert kept.answer is not None and kept.answer.good and not kept.answer.taught
    assert kept.phase is LessonPhase.ANSWERED and kept.step == 1
    before = lesson_play.path(KEY)[1]
    own = CLAIMIT.apply(before, 0, CLAIMIT.action(before, 0, "B", random.Random(0))).state
    assert kept.state == own, "their placement stands on the board"
    went_on = await lessons(service).go_on(LEARNER, KEY, kept.version)
    assert went_on.state == own and went_on.phase is LessonPhase.PLAYING
    assert went_on.step == 2, "the step they made with it counts as made"
    # Or, by their own choice, the step's move.
    again = await stopped_early(service, LEARNER + 1)
    tried = await lessons(service).try_again(LEARNER + 1, KEY, again.version)
    played = await lessons(service).move(LEARNER + 1, KEY, tried.version, "roll")
    assert played.step == 3 and played.phase is LessonPhase.STEP


async def test_a_move_as_good_at_the_last_step_goes_on_from_it_and_finishes_the_lesson(
    service: GameService, clock: ManualClock
) -> None:
    standing = await lessons(service).begin(LEARNER, KEY)
    for step in LESSON.steps[:-1]:
        standing = await lessons(service).move(LEARNER, KEY, standing.version, step.taught)
    before = standing.state
    rolled = await lessons(service).move(LEARNER, KEY, standing.version, "roll")
    assert rolled.answer is not None and rolled.answer.good and not rolled.answer.taught
    assert rolled.phase is LessonPhase.OVER and rolled.finished_at == clock.now()
    assert rolled.state.phase is Phase.PLACE and rolled.state != before, "their roll kept"
    assert not rolled.left_out


async def test_a_lesson_gone_through_without_its_deciding_move_is_not_finished(
    service: GameService,
) -> None:
    begun = await lessons(service).begin(LEARNER, LAST_KEY)
    answered = await lessons(service).move(LEARNER, LAST_KEY, begun.version, "B")
    assert answered.phase is LessonPhase.ANSWERED and answered.answer is not None
    assert not answered.answer.good
    went_on = await lessons(service).go_on(LEARNER, LAST_KEY, answered.version)
    assert went_on.phase is LessonPhase.PLAYING and went_on.left_out == LAST.steps
    over = await lessons(service).move(LEARNER, LAST_KEY, went_on.version, "stop")
    assert over.phase is LessonPhase.OVER and CLAIMIT.is_over(over.state)
    assert over.finished_at is None and over.left_out == LAST.steps
    [started] = [s for s in await lessons(service).started(LEARNER) if s.lesson is LAST]
    assert started.finished_at is None
    # The step's own move finishes it.
    again = await lessons(service).begin(LEARNER, LAST_KEY)
    done = await lessons(service).move(LEARNER, LAST_KEY, again.version, "A")
    assert done.phase is LessonPhase.OVER and done.finished_at is not None
    assert not done.left_out


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
