"""Gold Nuggets' lesson as its words tell it: the prepared dice are drawn as a roll asks
for them, the dice a step points at are the ones it sets aside, every decision taught is
the judge's best (the praise says so even of the roll that busts), the numbers the words
name are the positions', the list holds every rule of the game, and the first whole game
that follows is a real short one (``tests/games/test_lessons.py`` walks every game's lessons
on their generic rules)."""

from __future__ import annotations

import random
import statistics

from bot.games import lesson_play
from bot.games.analysis import Played
from bot.games.drawn_dice import Tape
from bot.games.gold_nuggets.analysis import ANALYST
from bot.games.gold_nuggets.game import NUGGETS, ROLL, STEAL_PREFIX, TAKE, parse_set
from bot.games.gold_nuggets.lessons import DIE, LEARNER, START
from bot.games.gold_nuggets.lessons import RULES as TAUGHT
from bot.storage.game_values import Level
from engine.gold_nuggets import Counts, GameState, Phase

LESSON = lesson_play.lesson("nuggets")


def before(name: str) -> GameState:
    index = [step.name for step in LESSON.steps].index(name)
    position: GameState = lesson_play.path("nuggets")[index]
    return position


def test_a_prepared_die_is_asked_for_as_a_roll_asks_for_one() -> None:
    tape = Tape(random.Random(0))
    NUGGETS.action(START, LEARNER, ROLL, tape)
    assert len(tape.drawn) == START.dice_left
    assert all(draw.asked == list(DIE) for draw in tape.drawn)


def test_the_dice_a_step_points_at_are_the_dice_it_sets_aside() -> None:
    for index, step in enumerate(LESSON.steps):
        state: GameState = lesson_play.path("nuggets")[index]
        counts = parse_set(step.taught)
        if counts is None:
            assert step.lit == (), f"{step.name}: no roll waits, so no die to point at"
            continue
        assert state.roll is not None
        lit = [int(token.removeprefix("die:")) for token in step.lit]
        assert len(set(lit)) == len(lit) and all(0 <= i < len(state.roll) for i in lit)
        assert Counts.of(state.roll[i] for i in lit) == counts, step.name


def test_every_decision_taught_is_the_judges_best() -> None:
    judged = 0
    for index, step in enumerate(LESSON.steps):
        state = lesson_play.path("nuggets")[index]
        action = NUGGETS.action(state, LEARNER, step.taught, Tape(random.Random(0), step.draws))
        for found in ANALYST.judge([Played(state, LEARNER, action)], [0], 0):
            judged += 1
            assert found.cost == 0, f"{step.name}: the judge finds {found.best} better"
    assert judged >= 8, "set-asides, rolls on and the steal are decisions the judge weighs"


def test_the_numbers_the_words_name_are_the_positions() -> None:
    assert before("roll_on").value == 3 and before("roll_on").dice_left == 4
    assert before("take_bonus").phase is Phase.TAKE and before("take_bonus").value == 5
    assert before("bonus_roll").turn == LEARNER, "all seven dice aside: the learner again"
    assert before("bust").value == 2
    assert before("lasso_roll").nuggets[1] - before("bust").nuggets[1] == 6, "took 6"
    steal = before("steal")
    assert steal.can_steal and steal.value == 5 and steal.nuggets[1] > steal.nuggets[0]
    index = [s.name for s in LESSON.steps].index("steal")
    stolen = lesson_play.learner_moved(LESSON, index, steal, f"{STEAL_PREFIX}1", judging=False)
    assert stolen.replies[0].nuggets[0] > stolen.replies[0].nuggets[1], "now the learner leads"
    assert before("last_roll").centre == steal.centre - 7, "the computer took 7"
    last = before("last_roll")
    assert last.nuggets[1] > last.nuggets[0], "and leads again"
    end = before("take_end")
    assert end.value == 8 and end.centre - 8 == 28 and end.nuggets[0] + 8 > end.nuggets[1]


def test_the_first_game_is_a_real_short_game_of_several_turns() -> None:
    """Past the steps the centre holds 28: the learner plays some four turns of their own
    (never a single one) before it runs out, on fresh dice against an easy computer."""
    assert LESSON.then_play and LESSON.steps[-1].taught == TAKE
    handed = lesson_play.path("nuggets")[-1]
    assert handed.centre == 28 and handed.nuggets[LEARNER] > handed.nuggets[1]
    assert not NUGGETS.is_over(handed) and lesson_play.learner_to_act(LESSON, handed)
    turns = []
    for seed in range(30):
        state, chance, played = handed, random.Random(seed), 0
        while not NUGGETS.is_over(state):
            if state.phase is Phase.ROLL:
                played += 1
            intent = NUGGETS.decide(state, LEARNER, Level.EASY, chance)
            state = lesson_play.learner_moved(
                LESSON, len(LESSON.steps), state, intent, chance
            ).state
        turns.append(played)
    assert min(turns) >= 2 and statistics.median(turns) >= 3, turns


def test_the_list_holds_every_rule_of_the_game() -> None:
    """Every rule of the rulebook a real game needs (docs/rules/gold-nuggets.md), its start,
    turn order, what a steal may take and the end among them, and the bot's turn timer;
    the lesson plays out all but the start and the timer, which its end names."""
    listed = [rule.key for rule in TAUGHT]
    assert listed == [
        "setup",
        "turn_start",
        "set_aside",
        "value",
        "roll_again",
        "bust",
        "take_centre",
        "lassos",
        "take_player",
        "seven_dice",
        "end",
        "turn_timer",
    ]
    met = {rule for step in LESSON.steps for rule in step.rules}
    assert met == set(listed) - {"setup", "turn_timer"}
