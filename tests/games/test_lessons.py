"""Every game's lessons, walked on the game's own rules and judge
(``bot.games.lesson_play``): the taught path is the game's, every die and card of it is
prepared and one the game deals there, each taught move is the judge's best or close to
it, any other move at any step is taken and answered with the judge's figure and the
lesson still reaches its end, every step's words are short and in German too, and every
rule of each game's list is met by a step of each lesson or named at its end (with the other
lesson that plays it out, if one does)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from bot.games import lesson_play
from bot.games.analysis import Grade, Played
from bot.games.drawn_dice import Tape
from bot.games.registry import (
    REGISTRATIONS,
    analyst_for,
    lessons_of,
    rules_for,
    taught_rules_of,
)
from bot.storage.game_values import Level
from engine.claim.cards import Faction
from engine.claimit.odds import roll_odds as claimit_odds
from engine.gold_nuggets.odds import roll_odds as nuggets_odds
from i18n import Message, english, language
from tests.games.lesson_moves import learner_intents

FACTION = "faction:"
"""The rules tag of a Claim faction lesson's deciding step."""
FIRST_GAME_MOVES = 400
"""The most moves a lesson's first whole game may take to its end: a short game."""

KEYS = sorted(lesson_play.lessons())


def listed_rules(kind: str) -> set[str]:
    """The keys of the game's list of rules (its ``RULES``), each said in words."""
    found = set()
    for rule in taught_rules_of()[kind]:
        assert english().say(rule.words).strip(), f"{kind}: {rule.key!r} says nothing of its rule"
        assert rule.key not in found, f"{kind}: {rule.key!r} listed twice"
        found.add(rule.key)
    return found


@pytest.mark.parametrize("key", KEYS)
def test_the_taught_path_is_the_games_with_every_draw_prepared(key: str) -> None:
    lesson = lesson_play.lesson(key)
    path = lesson_play.path(key)
    assert len(path) == len(lesson.steps) + 1
    for index, step in enumerate(lesson.steps):
        assert lesson_play.learner_to_act(lesson, path[index]), f"{step.name}: not their move"
        moved = lesson_play.learner_moved(lesson, index, path[index], step.taught, judging=False)
        assert moved.taught and moved.unprepared == 0, f"{step.name}: a draw not prepared"


@pytest.mark.parametrize("key", KEYS)
def test_each_taught_move_is_the_judges_best_or_close_to_it(key: str) -> None:
    lesson = lesson_play.lesson(key)
    rules = rules_for(lesson.kind)
    analyst = analyst_for(lesson.kind)
    for index, step in enumerate(lesson.steps):
        before = lesson_play.path(key)[index]
        action = rules.action(
            before, lesson.learner, step.taught, Tape(random.Random(0), step.draws)
        )
        for judged in analyst.judge([Played(before, lesson.learner, action)], [0], 0):
            grade = analyst.thresholds[judged.unit].grade(judged.cost)
            assert grade <= Grade.GOOD, f"{step.name}: the judge finds {judged.best} better"


@pytest.mark.parametrize("key", KEYS)
async def test_another_move_at_every_step_is_answered_and_the_lesson_goes_on_to_its_end(
    key: str,
) -> None:
    lesson = lesson_play.lesson(key)
    analyst = analyst_for(lesson.kind)
    rules = rules_for(lesson.kind)
    path = lesson_play.path(key)
    other_moves = 0
    for index, step in enumerate(lesson.steps):
        others = [i for i in await learner_intents(lesson, path[index]) if i != step.taught]
        assert step.taught in await learner_intents(lesson, path[index]) or not others
        if not others:
            continue
        other_moves += 1
        moved = lesson_play.learner_moved(lesson, index, path[index], others[0])
        if not moved.good:
            assert moved.judged is not None and moved.judged.cost > 0
            chance = random.Random(f"{lesson.key}:{index}")
            action = rules.action(path[index], lesson.learner, others[0], chance)
            [judge_says] = analyst.judge(
                [Played(path[index], lesson.learner, action)], [0], 0, for_the_mover=True
            )
            assert moved.judged == judge_says, "the figure is the judge's own"
    if len(lesson.steps) > 2:
        assert other_moves, "a lesson where no step offers another move teaches no choice"


@pytest.mark.parametrize("key", KEYS)
def test_a_lesson_that_plays_on_ends_in_a_short_first_game(key: str) -> None:
    lesson = lesson_play.lesson(key)
    if not lesson.then_play:
        return
    rules = rules_for(lesson.kind)
    state = lesson_play.path(key)[-1]
    chance = random.Random(1)
    for _ in range(FIRST_GAME_MOVES):
        if rules.is_over(state):
            return
        if lesson_play.learner_to_act(lesson, state):
            intent = rules.decide(state, lesson.learner, Level.EASY, chance)
            state = lesson_play.learner_moved(
                lesson, len(lesson.steps), state, intent, chance
            ).state
        else:
            raise AssertionError("the computer players' moves leave it waiting on nobody")
    raise AssertionError(f"{key}: the first game takes more than {FIRST_GAME_MOVES} moves")


BUST_CHANCE: dict[str, Callable[[Any], Fraction]] = {
    "claimit": lambda state: claimit_odds(state).bust,
    "nuggets": lambda state: nuggets_odds(state).bust,
}
"""Each dice game's exact chance that the roll waiting in a position busts: what its board
shows."""
ONE_IN = re.compile(r"\b(\d+) (?:rolls? )?in (\d+)\b")
PERCENT = re.compile(r"\b(\d+(?:\.\d+)?) ?%")
RISK = r"\b(?:risk|chance|bust|busts)\b"
SMALL = re.compile(rf"{RISK}[^.:;]*\b(?:small|low|little|tiny|slim|unlikely)\b", re.IGNORECASE)
BIG = re.compile(rf"{RISK}[^.:;]*\b(?:high|big|large|great|likely)\b", re.IGNORECASE)
SMALL_AT_MOST = Fraction(1, 10)
BIG_AT_LEAST = Fraction(2, 5)


@pytest.mark.parametrize("key", [k for k in KEYS if lesson_play.lesson(k).kind in BUST_CHANCE])
def test_what_a_step_says_of_a_risk_is_its_positions_bust_chance(key: str) -> None:
    """A figure a step gives for a roll's risk ("1 in 7", "25%") is within a point of the
    exact chance the board shows for the roll it asks for; a risk it calls small is under
    10%, one it calls big over 40%."""
    lesson = lesson_play.lesson(key)
    for index, step in enumerate(lesson.steps):
        state = lesson_play.path(key)[index]
        said = english().say(step.say)
        stated = [Fraction(int(a), int(b)) for a, b in ONE_IN.findall(said)]
        stated += [Fraction(p) / 100 for p in PERCENT.findall(said)]
        small, big = SMALL.search(said), BIG.search(said)
        if not (stated or small or big):
            continue
        bust = BUST_CHANCE[lesson.kind](state)
        for figure in stated:
            assert abs(figure - bust) <= Fraction(1, 100), (step.name, figure, float(bust))
        assert not small or bust <= SMALL_AT_MOST, (step.name, float(bust))
        assert not big or bust >= BIG_AT_LEAST, (step.name, float(bust))


def sentences(text: str) -> int:
    return len([s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s])


@pytest.mark.parametrize("key", KEYS)
def test_every_step_says_little_in_english_and_german(key: str) -> None:
    lesson = lesson_play.lesson(key)
    german = language("de")
    names = [step.name for step in lesson.steps]
    assert len(set(names)) == len(names) and all(re.fullmatch(r"[a-z0-9_]+", n) for n in names)
    words: list[Message] = [lesson.title]
    for step in lesson.steps:
        assert sentences(english().say(step.say)) <= 3, step.name
        assert sentences(english().say(step.praise)) == 1, step.name
        words += [step.say, step.praise]
    for message in words:
        assert german.say(message) != english().say(message), f"no German for {message.text!r}"


@pytest.mark.parametrize("kind", sorted(REGISTRATIONS))
def test_every_rule_of_a_games_list_is_met_by_a_step_of_each_lesson_or_named_at_its_end(
    kind: str,
) -> None:
    listed = listed_rules(kind)
    for lesson in lessons_of()[kind]:
        met = {rule for step in lesson.steps for rule in step.rules}
        assert {r for r in met if not r.startswith(FACTION)} <= listed, "rules not in the list"
        named = [each.rule.key for each in lesson_play.unmet(lesson, lesson.steps)]
        assert len(named) == len(set(named)) and not set(named) & met, lesson.key
        assert (met | set(named)) >= listed, f"{lesson.key}: rules neither met nor named"
        for each in lesson_play.unmet(lesson, lesson.steps):
            teacher = each.teacher
            if teacher is not None:
                assert teacher.kind == kind and teacher is not lesson
                assert any(each.rule.key in step.rules for step in teacher.steps)
            else:
                taught = (s for o in lessons_of()[kind] for s in o.steps)
                assert not any(each.rule.key in step.rules for step in taught), each.rule.key


@pytest.mark.parametrize("kind", sorted(REGISTRATIONS))
def test_every_rule_of_a_games_list_is_said_in_german_too(kind: str) -> None:
    german = language("de")
    for rule in taught_rules_of()[kind]:
        assert german.say(rule.words) != english().say(rule.words), f"no German for {rule.key}"


def test_every_claim_faction_has_a_lesson_whose_step_its_power_decides() -> None:
    tagged = {
        rule.removeprefix(FACTION)
        for lesson in lessons_of()["claim"]
        for step in lesson.steps
        for rule in step.rules
        if rule.startswith(FACTION)
    }
    assert len(tagged) == len(Faction)
