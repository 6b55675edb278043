"""A lesson played: the learner's moves taken by the game's rules, judged by the game's
judge, and the computer players' replies, as the lesson prepares them or as an easy
computer player decides them (``bot.games.lessons`` says what a lesson holds).

Everything here is worked out from the lesson, its position and the learner's intent:
it keeps nothing, and reads and writes nothing; the lessons feature keeps where each
learner stands and shows it. Judging a move may take a while (Claim's judge searches):
the caller runs ``learner_moved`` off its event loop.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from bot.games.analysis import Grade, Judged, Played
from bot.games.drawn_dice import Tape
from bot.games.lessons import ComputerReply, Lesson, LessonStep, Rule
from bot.games.outcome import Outcome
from bot.games.registry import analyst_for, lessons_of, rules_for, taught_rules_of
from bot.storage.game_values import Level
from bot.storage.records import Game, GameStatus, Result, Seat

JUDGE_SEED = 0
"""The seed of the judge's deals (Claim's): a lesson's answers are the same each time."""


@dataclass(frozen=True)
class Moved:
    """The learner's move, taken, and where it leaves the lesson."""

    state: Any
    """The position after the move, and after the computer players' replies where the move
    was the taught one (or the lesson's steps are done); after another, the position the
    move itself made (``went_on`` plays the replies to it)."""
    taught: bool
    """It was the step's taught move."""
    good: bool
    """It was the taught move, or one the judge finds as good (the best, or close to it),
    or the only one; always past the lesson's steps."""
    judged: Judged | None
    """The judge's verdict on it: ``None`` where nothing was decided (a forced move, a
    turn's first roll)."""
    before: Any
    """The position it was made in (what the verdict's options are read against)."""
    replies: tuple[Any, ...]
    """The positions the computer players' replies led through, in order."""
    unprepared: int = 0
    """Draws the taught move and the prepared replies made that the lesson had not
    prepared, or prepared and the game did not ask for: none in a lesson whose every die
    and card is prepared."""


def lesson(key: str) -> Lesson:
    """The lesson called ``key``; a ``KeyError`` if no game has one."""
    return lessons()[key]


@cache
def lessons() -> dict[str, Lesson]:
    """Every game's lessons by key, in the games' order."""
    found: dict[str, Lesson] = {}
    for kind, declared in lessons_of().items():
        for each in declared:
            if each.key in found:
                raise TypeError(f"two lessons are called {each.key!r} ({kind})")
            found[each.key] = each
    return found


def first_lesson(kind: str) -> Lesson:
    """The game's own first lesson: what ``/<game> learn`` starts without an option."""
    return next(each for each in lessons_of()[kind] if each.topic is None)


def start(lesson: Lesson) -> Any:
    """The position the lesson starts from."""
    rules = rules_for(lesson.kind)
    if lesson.start is not None:
        return rules.state_from_json(lesson.start)
    return rules.start(lesson.players, lesson.first, lesson.options, lesson.setup)


@cache
def path(key: str) -> tuple[Any, ...]:
    """``walked`` for the lesson called ``key``, worked out once per process."""
    return walked(lesson(key))


def walked(taught: Lesson) -> tuple[Any, ...]:
    """The position before each step, and after the last, with every step's taught move
    made and the lesson's replies: where a learner who goes on after another move takes
    up the lesson again. Raises where the lesson's own moves are not the game's."""
    state = start(taught)
    found = [state]
    for index, step in enumerate(taught.steps):
        moved = learner_moved(taught, index, state, step.taught, judging=False)
        if not moved.taught:
            raise ValueError(f"lesson {taught.key}: step {step.name}'s taught move is not its own")
        state = moved.state
        found.append(state)
    return tuple(found)


def learner_moved(
    lesson: Lesson,
    step: int,
    state: Any,
    intent: str,
    chance: random.Random | None = None,
    *,
    judging: bool = True,
) -> Moved:
    """``intent`` played by the learner at ``step`` (``len(lesson.steps)``: past the steps)
    in ``state``; ``IllegalIntent`` where the game's rules refuse it, nothing taken. The
    taught move draws the step's prepared chance, and its replies theirs; anything else
    draws from ``chance`` (by default one seeded by the lesson and the step, so that a
    step played again plays out the same, and past the steps by the position too, so that
    each move of the first game draws fresh dice). Without ``judging``, only the taught
    move is good (the lesson's own path)."""
    rules = rules_for(lesson.kind)
    if chance is None:
        seed = f"{lesson.key}:{step}"
        if step >= len(lesson.steps):
            # Seeded by the step alone, every roll of the first game would throw the same dice.
            seed += ":" + json.dumps(rules.state_to_json(state), sort_keys=True)
        chance = random.Random(seed)
    current = lesson.steps[step] if step < len(lesson.steps) else None
    is_taught = current is not None and intent == current.taught
    tape = Tape(chance, current.draws if current is not None and is_taught else None)
    action = rules.action(state, lesson.learner, intent, tape)
    after = rules.apply(state, lesson.learner, action).state
    judged = _judged(lesson, state, action) if judging and not is_taught else None
    good = current is None or is_taught or judged is None or _close(lesson, judged)
    if current is not None and not is_taught:
        return Moved(after, False, good, judged, state, ())
    replies = current.replies if current is not None else ()
    positions, unprepared = _replied(lesson, after, replies, chance)
    if is_taught:
        unprepared += tape.fresh + tape.unplayed
    return Moved(
        positions[-1] if positions else after,
        is_taught,
        True,
        judged,
        state,
        tuple(positions),
        unprepared,
    )


@dataclass(frozen=True)
class WentOn:
    """The lesson going on from a move of the learner's own (not the step's)."""

    state: Any
    """The position after the computer players' replies to it."""
    replies: tuple[Any, ...]
    """The positions those replies led through, in order."""
    rejoined: bool
    """That position is the lesson's own at its next step: the lesson takes its steps up
    from there, the learner's move kept. Elsewhere its next steps' words and prepared
    draws are not the position's, and the learner plays on from their own move."""


def went_on(lesson: Lesson, step: int, state: Any, chance: random.Random | None = None) -> WentOn:
    """The lesson going on from ``state``, the position the learner's own move at ``step``
    made: an easy computer player's replies (drawing from ``chance``, by default one seeded
    by the lesson, the step and the position, so that the same move goes on the same way),
    and whether they reach the lesson's own position of its next step."""
    if chance is None:
        seed = json.dumps(rules_for(lesson.kind).state_to_json(state), sort_keys=True)
        chance = random.Random(f"{lesson.key}:{step}:on:{seed}")
    positions, _ = _replied(lesson, state, (), chance)
    after = positions[-1] if positions else state
    following = step + 1
    taken = path(lesson.key)
    rejoined = following < len(lesson.steps) and after == taken[following]
    return WentOn(after, tuple(positions), rejoined)


@dataclass(frozen=True)
class Unmet:
    """A rule of a game's list that a lesson's steps did not meet."""

    rule: Rule
    teacher: Lesson | None
    """Another of the game's lessons, one of whose steps meets it; ``None`` where none
    does (a rule the lessons only name, such as the turn timer)."""


def unmet(lesson: Lesson, made: Sequence[LessonStep]) -> tuple[Unmet, ...]:
    """Every rule of the lesson's game's list (``taught_rules_of``) that none of ``made``
    (the steps its learner made) meets, in the list's order, each with the game's first
    other lesson that teaches it."""
    met = {key for step in made for key in step.rules}
    others = [each for each in lessons_of()[lesson.kind] if each is not lesson]
    return tuple(
        Unmet(
            rule,
            next((o for o in others if any(rule.key in step.rules for step in o.steps)), None),
        )
        for rule in taught_rules_of()[lesson.kind]
        if rule.key not in met
    )


def table(lesson: Lesson, state: Any, user_id: int, name: str, version: int) -> Game:
    """The lesson at ``state`` as a game record, for the game's face to draw and offer its
    choices from (the learner in their seat, named ``name``; the computer players easy):
    a record of no channel, kept nowhere."""
    # A computer player named as BOT_NAME reads it, so that the face calls it as a table does.
    seats = tuple(
        Seat(seat, user_id, None, name, seat)
        if seat == lesson.learner
        else Seat(seat, None, Level.EASY, f"Bot {seat} ({Level.EASY})", seat)
        for seat in range(lesson.players)
    )
    over = rules_for(lesson.kind).is_over(state)
    return Game(
        id=0,
        kind=lesson.kind,
        guild_id=0,
        channel_id=0,
        host_id=user_id,
        status=GameStatus.FINISHED if over else GameStatus.ACTIVE,
        options=MappingProxyType(dict(lesson.options)),
        turn_timeout=0,
        version=version,
        seats=seats,
        state=state,
        first_seat=lesson.first,
        lobby_message_id=None,
        turn_message_id=None,
        created_at=0.0,
        updated_at=0.0,
        started_at=0.0,
        finished_at=0.0 if over else None,
        deadline=None,
    )


def ended(lesson: Lesson, state: Any, user_id: int, name: str, version: int) -> Outcome | None:
    """The lesson's game at its end, as a game's result shows one (``GameFace.result``):
    ``table``'s record, and each seat's final standing; ``None`` while it goes on."""
    rules = rules_for(lesson.kind)
    if not rules.is_over(state):
        return None
    game = table(lesson, state, user_id, name, version)
    results = tuple(
        Result(
            standing.seat,
            game.seats[standing.seat].user_id,
            game.seats[standing.seat].display_name,
            standing.won,
            standing.place,
            False,
            standing.figures,
        )
        for standing in rules.standings(state)
    )
    return Outcome(game, state, lesson.learner, None, (), True, results=results)


def learner_to_act(lesson: Lesson, state: Any) -> bool:
    """Whether the learner may move in ``state``."""
    return lesson.learner in rules_for(lesson.kind).to_act(state)


def _close(lesson: Lesson, judged: Judged) -> bool:
    """Whether the judge grades the move the best or close to it."""
    thresholds = analyst_for(lesson.kind).thresholds[judged.unit]
    return thresholds.grade(judged.cost) <= Grade.GOOD


def _judged(lesson: Lesson, state: Any, action: Any) -> Judged | None:
    found = analyst_for(lesson.kind).judge(
        [Played(state, lesson.learner, action)], [0], JUDGE_SEED, for_the_mover=True
    )
    return found[0] if found else None


def _replied(
    lesson: Lesson, state: Any, replies: Sequence[ComputerReply], chance: random.Random
) -> tuple[list[Any], int]:
    """The positions the computer players' moves lead through, until the learner is to
    act or the game is over (the prepared replies first, then an easy player's), and
    how many draws of the prepared ones were not as prepared."""
    rules = rules_for(lesson.kind)
    prepared = list(replies)
    positions = []
    unprepared = 0
    while not rules.is_over(state) and lesson.learner not in rules.to_act(state):
        seat = rules.to_act(state)[0]
        if prepared:
            reply = prepared.pop(0)
            tape = Tape(chance, reply.draws)
            action = rules.action(state, seat, reply.intent, tape)
            unprepared += tape.fresh + tape.unplayed
        else:
            intent = rules.decide(state, seat, Level.EASY, chance)
            action = rules.action(state, seat, intent, chance)
        state = rules.apply(state, seat, action).state
        positions.append(state)
    if prepared:
        raise ValueError(f"lesson {lesson.key}: {len(prepared)} replies left unplayed")
    return positions, unprepared
