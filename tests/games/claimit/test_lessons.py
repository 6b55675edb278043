"""Claim It!'s lessons as they are laid out (``bot.games.claimit.lessons``): what each step
lights is on the board it waits on, each taught move is the judge's best, the dice do what
the words say they do (a bust busts, a stop calls the last round, the variant allows what
the standard rules don't), and the list of rules holds every rule of the game. The walk
through every game's lessons is ``tests/games/test_lessons.py``'s."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.games import lesson_play
from bot.games.analysis import Grade, Played
from bot.games.claimit.game import CLAIMIT
from bot.games.claimit.lessons import LESSONS
from bot.games.drawn_dice import Tape
from bot.games.lessons import Lesson
from bot.games.registry import analyst_for
from engine.claimit import (
    LAST_ROUND_THRESHOLD,
    Action,
    Bust,
    GameState,
    LastRoundCalled,
    Phase,
    Place,
    Placement,
    Roll,
    Space,
    Stopped,
    apply,
    scores,
)

RULES = Path(__file__).parents[3] / "bot" / "games" / "claimit" / "rules" / "lessons.txt"
BY_KEY = {lesson.key: lesson for lesson in LESSONS}


def taught_action(lesson: Lesson, index: int, state: GameState) -> Action:
    step = lesson.steps[index]
    return CLAIMIT.action(state, lesson.learner, step.taught, Tape(random.Random(0), step.draws))


def test_the_list_holds_every_rule_of_the_game() -> None:
    listed = [line.partition(":")[0] for line in RULES.read_text().splitlines() if line]
    assert listed == [
        "legal_placements",
        "claim_markers_and_squatters",
        "stacking",
        "mines",
        "bust",
        "stop_and_settle",
        "last_round",
        "winning",
        "variant",
    ]


def test_the_game_lesson_meets_every_rule_but_the_variant_and_the_variant_lesson_that() -> None:
    listed = {line.partition(":")[0] for line in RULES.read_text().splitlines() if line}
    met = {rule for step in BY_KEY["claimit"].steps for rule in step.rules}
    assert met == listed - {"variant"}
    assert {rule for step in BY_KEY["claimit-variant"].steps for rule in step.rules} == {"variant"}
    assert BY_KEY["claimit-variant"].options == {"variant": True}
    assert not BY_KEY["claimit"].options


@pytest.mark.parametrize("key", sorted(BY_KEY))
def test_what_a_step_lights_is_on_the_board_it_waits_on(key: str) -> None:
    lesson = BY_KEY[key]
    for step, state in zip(lesson.steps, lesson_play.walked(lesson), strict=False):
        for token in step.lit:
            if token.startswith("die:"):
                assert state.phase is Phase.PLACE and int(token[4:]) in range(3), step.name
            else:
                Space.parse(token)
        if state.phase is Phase.PLACE:
            placement = state.pending_placements()["ABCDEF".index(step.taught)]
            assert f"{placement.col},{placement.row}" in step.lit, step.name


@pytest.mark.parametrize("key", sorted(BY_KEY))
def test_every_taught_decision_is_the_judges_best(key: str) -> None:
    lesson = BY_KEY[key]
    analyst = analyst_for(lesson.kind)
    judged = 0
    for index, state in enumerate(lesson_play.walked(lesson)[:-1]):
        action = taught_action(lesson, index, state)
        for verdict in analyst.judge([Played(state, lesson.learner, action)], [0], 0):
            judged += 1
            grade = analyst.thresholds[verdict.unit].grade(verdict.cost)
            assert grade is Grade.BEST, lesson.steps[index].name
    assert judged >= len(lesson.steps) // 2


def test_the_bust_step_busts_and_only_there() -> None:
    lesson = BY_KEY["claimit"]
    busts = []
    for index, state in enumerate(lesson_play.walked(lesson)[:-1]):
        events = apply(state, taught_action(lesson, index, state)).events
        if any(isinstance(event, Bust) for event in events):
            busts.append(lesson.steps[index].name)
    assert busts == ["bust"]


@pytest.mark.parametrize("key", sorted(BY_KEY))
def test_the_last_step_calls_the_last_round_and_the_learner_plays_the_games_last_turn(
    key: str,
) -> None:
    lesson = BY_KEY[key]
    path = lesson_play.walked(lesson)
    events = apply(path[-2], taught_action(lesson, len(lesson.steps) - 1, path[-2])).events
    assert Stopped(0) in events and LastRoundCalled(0) in events
    end = path[-1]
    assert lesson.then_play and end.last_round is not None and end.last_round.turns_left == 1
    assert lesson_play.learner_to_act(lesson, end)
    assert scores(end)[0].claims == LAST_ROUND_THRESHOLD[lesson.players]


def test_the_computer_cuts_the_learners_mine_and_the_lesson_mends_it() -> None:
    lesson = BY_KEY["claimit"]
    path = lesson_play.walked(lesson)
    stop = [step.name for step in lesson.steps].index("stop_and_claim")
    stopped = apply(path[stop], taught_action(lesson, stop, path[stop])).state
    cut = path[stop + 1]
    assert scores(cut)[0].largest < scores(stopped)[0].largest
    assert scores(path[-1])[0].largest > scores(cut)[0].largest


def test_the_variant_places_a_squatter_the_standard_rules_keep_on_the_board() -> None:
    lesson = BY_KEY["claimit-variant"]
    index = [step.name for step in lesson.steps].index("four_again")
    path = lesson_play.walked(lesson)
    again = Placement(4, 5, "S4")
    assert taught_action(lesson, index, path[index]) == Place(again)
    standard = CLAIMIT.state_from_json({**(lesson.start or {}), "variant": False})
    for made in range(index - 1):
        standard = apply(standard, taught_action(lesson, made, path[made])).state
    dice = taught_action(lesson, index - 1, path[index - 1])
    assert isinstance(dice, Roll) and again in path[index - 1].legal_placements(dice.dice)
    assert again not in standard.legal_placements(dice.dice)
