"""Claim It!'s lessons as they are laid out (``bot.games.claimit.lessons``): what each step
lights is on the board it waits on, each taught move is the judge's best, the dice do what
the words say they do (a bust busts, a cut cuts, the variant's stop calls the last round,
the variant allows what the standard rules don't), the game's lesson ends even and its
first game is a real one, and the list of rules holds every rule of the game. The walk
through every game's lessons is ``tests/games/test_lessons.py``'s."""

from __future__ import annotations

import random
import statistics
from itertools import permutations

import pytest

from bot.games import lesson_play
from bot.games.analysis import Grade, Played
from bot.games.claimit.game import CLAIMIT
from bot.games.claimit.lessons import LESSONS
from bot.games.claimit.taught_rules import RULES as TAUGHT
from bot.games.drawn_dice import Tape
from bot.games.lessons import Lesson
from bot.games.registry import analyst_for
from bot.storage.game_values import Level
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
    Stop,
    Stopped,
    apply,
    scores,
    winners,
)
from engine.claimit.board import groups
from engine.claimit.odds import roll_odds
from engine.claimit.scoring import visible_spaces
from i18n import english

BY_KEY = {lesson.key: lesson for lesson in LESSONS}


def taught_action(lesson: Lesson, index: int, state: GameState) -> Action:
    step = lesson.steps[index]
    return CLAIMIT.action(state, lesson.learner, step.taught, Tape(random.Random(0), step.draws))


def test_the_list_holds_every_rule_of_the_game() -> None:
    """Every rule of the rulebook a real game needs (docs/rules/claim-it.md), the bot's
    turn timer too: each squatter number once on the board, the claim markers' count, the
    tie-break and the last round among them."""
    listed = [rule.key for rule in TAUGHT]
    assert listed == [
        "turn_order",
        "turn",
        "legal_placements",
        "claim_markers_and_squatters",
        "squatter_numbers",
        "claim_supply",
        "stacking",
        "mines",
        "bust",
        "stop_and_settle",
        "last_round",
        "winning",
        "tie_break",
        "variant",
        "turn_timer",
    ]


NAMED_ONLY = {"turn_order", "claim_supply", "turn_timer"}
"""What no position of a lesson plays out: a lesson starts late in a game, fills no board
with claim markers and has no clock. Each lesson's end names them."""


def test_the_lessons_play_out_every_rule_but_those_they_name() -> None:
    listed = {rule.key for rule in TAUGHT}
    met = {rule for step in BY_KEY["claimit"].steps for rule in step.rules}
    assert met == listed - {"variant"} - NAMED_ONLY
    last = {rule for step in BY_KEY["claimit-last-round"].steps for rule in step.rules}
    assert {"last_round", "tie_break"} <= last
    assert {rule for step in BY_KEY["claimit-variant"].steps for rule in step.rules} == {"variant"}
    assert BY_KEY["claimit-variant"].options == {"variant": True}
    assert not BY_KEY["claimit"].options
    every = {rule for lesson in LESSONS for step in lesson.steps for rule in step.rules}
    assert every == listed - NAMED_ONLY


def test_the_last_round_lesson_is_won_on_the_tie_break_its_steps_play_out() -> None:
    """Mines tied at 14: the claim marker the step teaches wins on claimed spaces, the other
    placement only ties, and stopping keeps the win that a roll would risk."""
    lesson = BY_KEY["claimit-last-round"]
    path = lesson_play.walked(lesson)
    learner, computer = scores(path[0])
    assert learner.largest == computer.largest == 14
    assert learner.claims == computer.claims and learner.spaces < computer.spaces
    assert path[0].last_round is not None and path[0].last_round.caller == lesson.learner
    end = path[-1]
    assert CLAIMIT.is_over(end) and winners(scores(end)) == (lesson.learner,)
    learner, computer = scores(end)
    assert learner.largest == computer.largest and learner.claims > computer.claims
    index = [step.name for step in lesson.steps].index("win_the_tie")
    other = CLAIMIT.action(path[index], lesson.learner, "B", random.Random(0))
    tied = apply(apply(path[index], other).state, Stop()).state
    assert winners(scores(tied)) == (0, 1), "the other placement shares the win"


def test_the_bust_is_a_squatter_number_in_use_and_claimed_spaces() -> None:
    lesson = BY_KEY["claimit"]
    index = [step.name for step in lesson.steps].index("bust")
    state = lesson_play.walked(lesson)[index]
    dice = taught_action(lesson, index, state)
    assert isinstance(dice, Roll)
    in_use = {top for stack in state.board().values() for top in stack[-1:] if top[0] == "S"}
    assert in_use == {"S6"}
    readings = {(c, r, n) for c, r, n in permutations(dice.dice)}
    free = [(c, r, n) for c, r, n in readings if "C" not in state.stack(Space(c, r))]
    assert free == [(4, 6, 6)], "only squatter 6, which is on the board, could go there"


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


def test_the_board_shows_the_bust_chance_the_step_names() -> None:
    lesson = BY_KEY["claimit"]
    index = [step.name for step in lesson.steps].index("roll_once_more")
    assert "about 1 in 7" in english().say(lesson.steps[index].say)
    assert round(1 / roll_odds(lesson_play.walked(lesson)[index]).bust) == 7


def test_the_variants_last_step_calls_the_last_round_and_the_learner_plays_the_last_turn() -> None:
    lesson = BY_KEY["claimit-variant"]
    path = lesson_play.walked(lesson)
    events = apply(path[-2], taught_action(lesson, len(lesson.steps) - 1, path[-2])).events
    assert Stopped(0) in events and LastRoundCalled(0) in events
    end = path[-1]
    assert lesson.then_play and end.last_round is not None and end.last_round.turns_left == 1
    assert lesson_play.learner_to_act(lesson, end)
    assert scores(end)[0].claims == LAST_ROUND_THRESHOLD[lesson.players]


def test_the_game_lesson_ends_even_with_the_learner_to_roll_three_claims_short_of_the_end() -> None:
    lesson = BY_KEY["claimit"]
    path = lesson_play.walked(lesson)
    events = apply(path[-2], taught_action(lesson, len(lesson.steps) - 1, path[-2])).events
    assert Stopped(0) in events and not any(isinstance(e, LastRoundCalled) for e in events)
    end = path[-1]
    assert lesson.then_play and end.last_round is None and end.phase is Phase.ROLL
    assert lesson_play.learner_to_act(lesson, end)
    learner, computer = scores(end)
    assert learner[1:4] == computer[1:4] == (16, 10, 16), "mine, claims and spaces alike"
    assert learner.claims == LAST_ROUND_THRESHOLD[lesson.players] - 3


def first_game(lesson: Lesson, seed: int, level: Level | None) -> tuple[GameState, int, int]:
    """The lesson's first game played to its end on dice seeded by ``seed``, the learner's
    moves picked by a computer player of ``level`` (``None``: any legal move, at random):
    the end, and how many turns the learner and the computer played."""
    state = lesson_play.walked(lesson)[-1]
    dice = random.Random(seed)
    picks = random.Random(-seed)
    learner_turns = computer_turns = 0
    while not CLAIMIT.is_over(state):
        assert lesson_play.learner_to_act(lesson, state)
        if level is not None:
            intent = CLAIMIT.decide(state, lesson.learner, level, picks)
        elif state.phase is Phase.PLACE:
            intent = "ABCDEF"[picks.randrange(len(state.pending_placements()))]
        else:
            intent = picks.choice(["roll", "stop"] if state.placed_this_turn else ["roll"])
        moved = lesson_play.learner_moved(lesson, len(lesson.steps), state, intent, dice)
        assert moved.good and not moved.taught
        state = moved.state
        if moved.replies:
            learner_turns += 1
            computer_turns += 1
        elif CLAIMIT.is_over(state):
            learner_turns += 1
    return state, learner_turns, computer_turns


def test_the_first_game_is_turns_long_and_won_or_lost_by_the_dice_and_the_learners_play() -> None:
    lesson = BY_KEY["claimit"]
    won: dict[Level | None, int] = {}
    turns = []
    seeds = range(30)
    for level in (Level.NORMAL, Level.EASY, None):
        won[level] = 0
        for seed in seeds:
            end, learner_turns, computer_turns = first_game(lesson, seed, level)
            assert learner_turns >= 2 and computer_turns >= 1, (level, seed)
            turns.append(learner_turns)
            won[level] += winners(scores(end)) == (lesson.learner,)
    # The same play wins on some dice and loses on others; a computer player's play wins
    # more often than moves picked at random.
    assert all(0 < wins < len(seeds) for wins in won.values()), won
    assert won[Level.NORMAL] > won[None] and won[Level.EASY] > won[None], won
    assert statistics.median(turns) >= 3, "most often the last three rounds, or more"


def test_the_first_games_rolls_are_fresh_as_the_lessons_service_plays_them() -> None:
    lesson = BY_KEY["claimit"]
    state = lesson_play.walked(lesson)[-1]
    picks = random.Random(0)
    rolled: list[tuple[int, ...] | None] = []
    while not CLAIMIT.is_over(state) and len(rolled) < 6:
        intent = CLAIMIT.decide(state, lesson.learner, Level.EASY, picks)
        state = lesson_play.learner_moved(lesson, len(lesson.steps), state, intent).state
        if intent == "roll" and state.phase is Phase.PLACE:
            rolled.append(state.dice)
    assert len(set(rolled)) > 1, rolled


def test_the_computer_cuts_the_learners_mine_and_the_lesson_mends_it() -> None:
    lesson = BY_KEY["claimit"]
    path = lesson_play.walked(lesson)
    stop = [step.name for step in lesson.steps].index("stop_and_claim")
    stopped = apply(path[stop], taught_action(lesson, stop, path[stop])).state
    cut = path[stop + 1]
    assert scores(cut)[0].largest < scores(stopped)[0].largest
    assert scores(path[-1])[0].largest > scores(cut)[0].largest


def test_the_learners_squatter_would_cut_the_computers_mine_in_two() -> None:
    lesson = BY_KEY["claimit"]
    path = lesson_play.walked(lesson)
    index = [step.name for step in lesson.steps].index("cut_its_mine")
    placed = apply(path[index], taught_action(lesson, index, path[index])).state
    kept = apply(placed, Stop()).state
    assert len(groups(visible_spaces(path[index], 1))) == 1
    assert len(groups(visible_spaces(kept, 1))) == 2
    assert scores(kept)[1].largest < scores(path[index])[1].largest


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
