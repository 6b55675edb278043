"""Claim's faction lessons (``bot.games.claim.faction_lessons``): one per faction, each
walked on the game's rules, where the faction's card is played at the step its power
decides, the power does what the step says and the game turns on it; the board lights
only cards the learner sees, and the words name none the learner's seat can't see."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from fractions import Fraction

import pytest

from bot.games import lesson_play
from bot.games.analysis import Grade, Played, Unit
from bot.games.claim.analysis import ANALYST
from bot.games.claim.faction_lessons import FACTION_LESSON, FACTION_LESSONS
from bot.games.claim.game import CLAIM, Move, intent_of
from bot.games.claim.lesson_making import LEARNER, OPPONENT, rule
from bot.games.lessons import Lesson
from bot.games.registry import lessons_of
from engine.claim import (
    CARDS,
    ClaimState,
    Displayed,
    Event,
    Faction,
    Fled,
    GameOver,
    Phase,
    Play,
    Reason,
    Scored,
    Smashed,
    TrickDone,
    apply,
    legal_actions,
    time_out_action,
    view,
)
from engine.claim.scoring import count
from i18n import english
from render.claim import words

KEYS = [lesson.key for lesson in FACTION_LESSONS]
SECOND_PHASE = [
    lesson.key for lesson in FACTION_LESSONS if lesson.start and lesson.start["phase"] == "p2"
]
"""The lessons near the end of the game, where what is left after their steps is forced."""


def tagged(lesson: Lesson) -> int:
    """The index of the step the lesson's faction's power decides."""
    [index] = [i for i, step in enumerate(lesson.steps) if step.rules]
    return index


def decided(lesson: Lesson) -> tuple[ClaimState, Move, tuple[Event, ...], ClaimState]:
    """The tagged step: the position, the taught move, what happened and the position after."""
    index = tagged(lesson)
    before = lesson_play.walked(lesson)[index]
    move = CLAIM.action(before, LEARNER, lesson.steps[index].taught, random.Random(0))
    after, events = apply(before, LEARNER, move.action)
    return before, move, events, after


def finished(state: ClaimState) -> tuple[ClaimState, list[Event]]:
    """The game played to its end from ``state`` by the clock's fixed moves: near the end
    of a lesson, the only moves left."""
    happened: list[Event] = []
    while state.phase is not Phase.OVER:
        seat = state.to_act()[0]
        state, events = apply(state, seat, time_out_action(state, seat))
        happened += events
    return state, happened


def trick_winner(events: Sequence[Event]) -> int:
    return next(e for e in events if isinstance(e, TrickDone)).order[0]


def scored(events: Sequence[Event], seat: int) -> set[str]:
    return {c.id for e in events if isinstance(e, Scored) and e.seat == seat for c in e.cards}


def played_card(move: Move) -> str:
    assert isinstance(move.action, Play)
    return move.action.card.id


def lead_of(state: ClaimState) -> str:
    lead = state.lead()
    assert lead is not None
    return lead.id


def knights(before: ClaimState, move: Move, events: tuple[Event, ...], _: ClaimState) -> None:
    lead = before.lead()
    assert lead is not None and lead.faction is Faction.GOBLINS
    assert isinstance(move.action, Play) and move.action.card.value < lead.value
    assert trick_winner(events) == LEARNER, "the small Knight beats the Goblin"


def goblins(before: ClaimState, move: Move, events: tuple[Event, ...], _: ClaimState) -> None:
    assert lead_of(before).startswith("GOB") and played_card(move).startswith("GOB")
    assert trick_winner(events) == LEARNER


def dwarves(before: ClaimState, move: Move, events: tuple[Event, ...], _: ClaimState) -> None:
    assert trick_winner(events) == OPPONENT
    assert scored(events, LEARNER) == {lead_of(before), played_card(move)}, "the loser's"


def doppelgangers(before: ClaimState, move: Move, events: tuple[Event, ...], _: ClaimState) -> None:
    lead = before.lead()
    assert lead is not None
    assert any(c.faction is lead.faction for c in before.hands[LEARNER]), "could follow"
    assert played_card(move).startswith("DOP") and trick_winner(events) == LEARNER


def dragons(_: ClaimState, move: Move, events: tuple[Event, ...], after: ClaimState) -> None:
    assert played_card(move).startswith("DRA")
    assert trick_winner(events) == OPPONENT and after.leader == LEARNER


def trolls(before: ClaimState, _: Move, events: tuple[Event, ...], after: ClaimState) -> None:
    assert trick_winner(events) == LEARNER
    assert "TRO8" in scored(events, LEARNER) and "TRO8" in {c.id for c in before.trolls}
    assert not after.trolls


def gnomes(before: ClaimState, move: Move, events: tuple[Event, ...], _: ClaimState) -> None:
    [shown] = [e for e in events if isinstance(e, Displayed)]
    assert shown.seat == LEARNER
    assert {c.id for c in shown.cards} == {lead_of(before), played_card(move)}
    assert not scored(events, LEARNER), "won Gnomes go on display, not in the score pile"


def giants(_: ClaimState, __: Move, events: tuple[Event, ...], after: ClaimState) -> None:
    [smashed] = [e for e in events if isinstance(e, Smashed)]
    assert smashed.seat == OPPONENT and {c.id for c in smashed.cards} == {"GNO3a", "GNO7a"}
    assert {c.id for c in after.gnomes[OPPONENT]} == {"GNO3b"}


def griffins(before: ClaimState, move: Move, events: tuple[Event, ...], _: ClaimState) -> None:
    lead = before.lead()
    assert lead is not None and isinstance(move.action, Play)
    assert move.action.card.value < lead.value, "only the Griffin's 5 makes it win"
    assert any(c.id == "GRI4" for c in before.scores[LEARNER])
    assert trick_winner(events) == LEARNER


def bards(_: ClaimState, __: Move, events: tuple[Event, ...], after: ClaimState) -> None:
    assert trick_winner(events) == LEARNER
    end = finished(after)[0]
    [bard] = [f for f in count(end).factions if f.faction is Faction.BARDS]
    assert bard.winner == LEARNER and bard.reason is Reason.RUN
    assert bard.counts[LEARNER] <= bard.counts[OPPONENT], "the run wins it, not the count"


def vikings(_: ClaimState, __: Move, events: tuple[Event, ...], after: ClaimState) -> None:
    assert trick_winner(events) == LEARNER
    end = finished(after)[0]
    [viking] = [f for f in count(end).factions if f.faction is Faction.VIKINGS]
    held = [sum(c.faction is Faction.VIKINGS for c in pile) for pile in end.scores]
    assert viking.winner == LEARNER and held[LEARNER] < held[OPPONENT], "doubled votes win"


def kings(_: ClaimState, __: Move, events: tuple[Event, ...], after: ClaimState) -> None:
    assert trick_winner(events) == LEARNER
    end, happened = finished(after)
    assert not [e for e in happened if isinstance(e, Fled) and e.from_seat == LEARNER]
    [peasant] = [f for f in count(end).factions if f.faction is Faction.PEASANTS]
    assert peasant.winner == LEARNER


def peasants(before: ClaimState, move: Move, events: tuple[Event, ...], after: ClaimState) -> None:
    assert trick_winner(events) == OPPONENT
    _, happened = finished(after)
    [fled] = [e for e in happened if isinstance(e, Fled) and e.from_seat == OPPONENT]
    assert fled.to_seat == LEARNER
    assert {lead_of(before), played_card(move)} <= {c.id for c in fled.cards}


def raccoons(_: ClaimState, __: Move, events: tuple[Event, ...], after: ClaimState) -> None:
    [goblin] = [f for f in count(after).factions if f.faction is Faction.GOBLINS]
    assert goblin.loot[LEARNER] == 2 and goblin.winner == LEARNER
    assert any(isinstance(e, GameOver) and e.winners == (LEARNER,) for e in events)


def undead(before: ClaimState, move: Move, events: tuple[Event, ...], _: ClaimState) -> None:
    assert before.phase is Phase.P1 and trick_winner(events) == LEARNER
    assert scored(events, LEARNER) == {lead_of(before), played_card(move)}


def automatons(_: ClaimState, move: Move, events: tuple[Event, ...], after: ClaimState) -> None:
    assert played_card(move).startswith("AUT") and lead_of(after) == played_card(move)
    reply = CLAIM.action(after, OPPONENT, "play=AUT3", random.Random(0))
    automatic, done = apply(after, OPPONENT, reply.action)
    assert trick_winner(done) == LEARNER
    assert automatic.auto is not None and automatic.auto.order[0] == LEARNER, "wins the next"


def seers(_: ClaimState, move: Move, events: tuple[Event, ...], after: ClaimState) -> None:
    assert played_card(move).startswith("SEE") and trick_winner(events) == LEARNER
    assert after.to_act() == (LEARNER,) and after.take_options()[-1] is None, "may take the top"


POWERS: dict[Faction, Callable[[ClaimState, Move, tuple[Event, ...], ClaimState], None]] = {
    Faction.KNIGHTS: knights,
    Faction.GOBLINS: goblins,
    Faction.DWARVES: dwarves,
    Faction.DOPPELGANGERS: doppelgangers,
    Faction.DRAGONS: dragons,
    Faction.TROLLS: trolls,
    Faction.GNOMES: gnomes,
    Faction.GIANTS: giants,
    Faction.GRIFFINS: griffins,
    Faction.BARDS: bards,
    Faction.VIKINGS: vikings,
    Faction.KINGS: kings,
    Faction.PEASANTS: peasants,
    Faction.RACCOONS: raccoons,
    Faction.UNDEAD: undead,
    Faction.AUTOMATONS: automatons,
    Faction.SEERS: seers,
}


def test_each_faction_has_exactly_one_lesson_tagged_with_it() -> None:
    assert set(FACTION_LESSON) == set(Faction) and len(FACTION_LESSONS) == len(Faction)
    assert len(set(KEYS)) == len(KEYS)
    for faction, lesson in FACTION_LESSON.items():
        tags = [r for step in lesson.steps for r in step.rules]
        assert tags == [rule(faction)], lesson.key
        assert lesson.key == f"claim-{faction.name.lower()}" and lesson.kind == "claim"
        assert 1 <= len(lesson.steps) <= 4


def test_the_game_teaches_every_faction_lesson() -> None:
    assert set(KEYS) <= {lesson.key for lesson in lessons_of()["claim"]}


LYING: frozenset[Faction] = frozenset({Faction.TROLLS, Faction.GRIFFINS})
"""Factions whose power works from where their card lies (out, in a score pile), on a trick
other cards decide: their lessons check it there."""


def by_key(key: str) -> Lesson:
    return next(lesson for lesson in FACTION_LESSONS if lesson.key == key)


@pytest.mark.parametrize("faction", list(Faction), ids=lambda f: f.name.lower())
def test_the_factions_card_is_played_and_its_power_decides_the_trick(faction: Faction) -> None:
    lesson = FACTION_LESSON[faction]
    played = [
        CLAIM.action(state, LEARNER, step.taught, random.Random(0)).action
        for state, step in zip(lesson_play.walked(lesson), lesson.steps, strict=False)
    ]
    factions = {action.card.faction for action in played if isinstance(action, Play)}
    assert faction in factions or faction in LYING
    POWERS[faction](*decided(lesson))


@pytest.mark.parametrize("key", SECOND_PHASE)
def test_the_taught_path_wins_the_game_where_only_forced_moves_are_left(key: str) -> None:
    final, _ = finished(lesson_play.walked(by_key(key))[-1])
    assert count(final).winners == (LEARNER,)


@pytest.mark.parametrize("key", KEYS)
def test_the_taught_move_is_the_judges_best_and_the_power_step_has_a_costly_other(
    key: str,
) -> None:
    lesson = by_key(key)
    thresholds = ANALYST.thresholds[Unit.WIN_CHANCE]
    for index, (state, step) in enumerate(
        zip(lesson_play.walked(lesson), lesson.steps, strict=False)
    ):
        options = legal_intents(state)
        costs = {}
        for intent in options:
            move = CLAIM.action(state, LEARNER, intent, random.Random(0))
            judged = ANALYST.judge([Played(state, LEARNER, move)], [0], 0)
            costs[intent] = judged[0].cost if judged else Fraction(0)
        assert costs[step.taught] == 0, step.name
        if index == tagged(lesson) and len(options) > 1:
            worst = max(costs.values())
            assert thresholds.grade(worst) > Grade.GOOD, step.name


def legal_intents(state: ClaimState) -> list[str]:
    return [intent_of(action) for action in legal_actions(state, LEARNER)]


def visible(state: ClaimState) -> set[str]:
    """The cards the learner's seat sees: its hand and follower pile, the table, the
    face-up prizes and discard, every score pile and display, the Trolls lying out, and
    the top card a Seer winner may look at."""
    seen = view(state, LEARNER)
    cards = [*seen.hand, *seen.followers, *(p.card for p in seen.table), *seen.prize]
    cards += [*seen.discard, *seen.trolls, *(c for pile in seen.scores for c in pile)]
    cards += [c for display in seen.gnomes for c in display]
    if seen.peek is not None:
        cards.append(seen.peek)
    return {c.id for c in cards}


@pytest.mark.parametrize("key", KEYS)
def test_the_board_lights_only_cards_the_learner_sees(key: str) -> None:
    lesson = by_key(key)
    for state, step in zip(lesson_play.walked(lesson), lesson.steps, strict=False):
        assert step.lit and set(step.lit) <= visible(state), step.name


def named(text: str) -> list[tuple[Faction, int]]:
    """The cards a text names: a card's or faction's English name and the values after it
    (``the Goblin 9``, ``the Automatons 2, 5 and 7``)."""
    lang = english()
    names = {}
    for faction in Faction:
        names[words.card_name(faction.value, lang)] = faction
        names[words.faction_name(faction.value, lang)] = faction
    pattern = "|".join(sorted(map(re.escape, names), key=len, reverse=True))
    found = []
    for match in re.finditer(rf"\b({pattern}) (\d+(?:(?:, | and )\d+)*)", text):
        for value in re.findall(r"\d+", match.group(2)):
            found.append((names[match.group(1)], int(value)))
    return found


def test_the_words_reader_finds_the_cards_named() -> None:
    text = "Play your Knight 2 on the Goblin 9; you have the Automatons 2, 5 and 7."
    assert named(text) == [
        (Faction.KNIGHTS, 2),
        (Faction.GOBLINS, 9),
        (Faction.AUTOMATONS, 2),
        (Faction.AUTOMATONS, 5),
        (Faction.AUTOMATONS, 7),
    ]


@pytest.mark.parametrize("key", KEYS)
def test_no_step_names_a_card_the_learner_cannot_see(key: str) -> None:
    lesson = by_key(key)
    path = lesson_play.walked(lesson)
    lang = english()
    for index, step in enumerate(lesson.steps):
        for message, seen in (
            (step.say, visible(path[index])),
            (step.praise, visible(path[index]) | visible(path[index + 1])),
        ):
            shown = {(CARDS[card].faction, CARDS[card].value) for card in seen}
            text = lang.say(message)
            assert set(named(text)) <= shown, f"{step.name}: {text}"
    assert not named(lang.say(lesson.title))
