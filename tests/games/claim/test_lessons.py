"""Claim's lessons as they are laid out (``bot.games.claim.lessons``): the game's and the
teams' lesson come first, the faction lessons after them; what each step lights is in the
learner's hand or on the table; no step names a card the learner's seat has not seen;
each taught move is the judge's best; the cards do what the words say (a prize won, a
face-down follower taken, a faction decided by a partner's trick); and the list of rules
holds every rule the two lessons meet. The walk through every game's lessons is
``tests/games/test_lessons.py``'s, the faction lessons' own checks
``test_faction_lessons.py``'s."""

from __future__ import annotations

import random
import re

import pytest

from bot.games import lesson_play
from bot.games.analysis import Grade, Played
from bot.games.claim.analysis import ANALYST
from bot.games.claim.faction_lessons import FACTION_LESSONS
from bot.games.claim.game import CLAIM as RULES
from bot.games.claim.game import intent_of
from bot.games.claim.lessons import CLAIM, LESSONS, TEAMS
from bot.games.claim.lessons import RULES as TAUGHT
from bot.games.lessons import Lesson
from engine.claim import CARDS, ClaimState, Faction, Phase, legal_actions, score, view
from engine.claim.units import unit_of
from i18n import english
from render.claim import words

OWN = (CLAIM, TEAMS)
"""The lessons of the game itself; the faction lessons are ``test_faction_lessons.py``'s."""


def seen(state: ClaimState, seat: int) -> set[str]:
    """The cards ``seat`` sees: its hand and follower pile, the table, the face-up prize
    and discard, and every score pile."""
    shown = view(state, seat)
    cards = [*shown.hand, *shown.followers, *(p.card for p in shown.table), *shown.prize]
    cards += [*shown.discard, *(c for pile in shown.scores for c in pile)]
    return {c.id for c in cards}


def named(text: str) -> set[tuple[Faction, int]]:
    """The cards a text names: a card's or faction's English name and the value after it
    (``the Goblin 9``, ``your Knight 2``)."""
    lang = english()
    names = {words.card_name(f.value, lang): f for f in Faction}
    names |= {words.faction_name(f.value, lang): f for f in Faction}
    pattern = "|".join(sorted(map(re.escape, names), key=len, reverse=True))
    return {
        (names[match.group(1)], int(match.group(2)))
        for match in re.finditer(rf"\b({pattern}) (\d+)", text)
    }


def test_the_games_lessons_come_first_then_a_lesson_per_faction() -> None:
    assert LESSONS[:2] == (CLAIM, TEAMS)
    assert LESSONS[2:] == FACTION_LESSONS
    assert (CLAIM.key, CLAIM.kind, CLAIM.players) == ("claim", "claim", RULES.min_players)
    assert (TEAMS.key, TEAMS.players) == ("claim-teams", 4)
    assert len(RULES.teams(TEAMS.players)) == 2


def test_the_list_holds_every_rule_the_games_lessons_meet() -> None:
    listed = {rule.key for rule in TAUGHT}
    assert {
        "following_suit",
        "winning_a_trick",
        "prize",
        "face_down_follower",
        "phase_two",
        "scoring",
        "teams",
    } <= listed
    met = {rule for lesson in OWN for step in lesson.steps for rule in step.rules}
    assert met == listed


@pytest.mark.parametrize("lesson", OWN, ids=lambda lesson: lesson.key)
def test_each_step_lights_cards_in_the_learners_hand_or_on_the_table(lesson: Lesson) -> None:
    for state, step in zip(lesson_play.walked(lesson), lesson.steps, strict=False):
        shown = view(state, lesson.learner)
        near = [*shown.hand, *(p.card for p in shown.table), *shown.prize]
        assert step.lit and set(step.lit) <= {c.id for c in near}, step.name
        assert step.taught.removeprefix("play=") in step.lit, step.name


@pytest.mark.parametrize("lesson", OWN, ids=lambda lesson: lesson.key)
def test_no_step_names_a_card_the_learners_seat_has_not_seen(lesson: Lesson) -> None:
    path = lesson_play.walked(lesson)
    lang = english()
    for index, step in enumerate(lesson.steps):
        for message, cards in (
            (step.say, seen(path[index], lesson.learner)),
            (step.praise, seen(path[index], lesson.learner) | seen(path[-1], lesson.learner)),
        ):
            text = lang.say(message)
            shown = {(CARDS[card].faction, CARDS[card].value) for card in cards}
            assert named(text) <= shown, f"{step.name}: {text}"
    assert not named(lang.say(lesson.title))


def test_the_words_reader_finds_the_cards_named() -> None:
    text = "Your partner's Knight 8 wins; give them your Automaton 5 and keep your Goblin 1."
    assert named(text) == {
        (Faction.KNIGHTS, 8),
        (Faction.AUTOMATONS, 5),
        (Faction.GOBLINS, 1),
    }


@pytest.mark.parametrize("lesson", OWN, ids=lambda lesson: lesson.key)
def test_each_taught_move_costs_nothing_by_the_judge(lesson: Lesson) -> None:
    for state, step in zip(lesson_play.walked(lesson), lesson.steps, strict=False):
        move = RULES.action(state, lesson.learner, step.taught, random.Random(0))
        for judged in ANALYST.judge([Played(state, lesson.learner, move)], [0], 0):
            assert judged.cost == 0, step.name


def test_the_game_lesson_follows_wins_a_prize_and_takes_a_face_down_follower() -> None:
    follow, lose, last, lead, faction, end = lesson_play.walked(CLAIM)
    me, rival = CLAIM.learner, 1 - CLAIM.learner
    playable = {intent_of(action) for action in legal_actions(follow, me)}
    assert "play=DWA6" not in playable and {"play=GOB3", "play=GOB8"} <= playable
    assert follower_ids(lose, me) == follower_ids(follow, me) | {"KNI9"}
    hidden_card = follow.deck[2].id
    assert hidden_card not in seen(lose, me)
    assert follower_ids(last, me) == follower_ids(lose, me) | {hidden_card}
    assert "GOB0a" in follower_ids(last, rival)
    assert lead.phase is Phase.P2 and len(lead.hands[me]) == 13
    assert {"KNI9", "KNI2"} <= {c.id for c in faction.scores[me]}
    assert {"UND9", "UND2"} <= {c.id for c in end.scores[me]}


def follower_ids(state: ClaimState, seat: int) -> set[str]:
    return {c.id for c in state.followers[seat]}


def test_the_game_lesson_leaves_a_short_first_game_of_phase_two() -> None:
    end = lesson_play.walked(CLAIM)[-1]
    assert CLAIM.then_play and end.phase is Phase.P2
    assert lesson_play.learner_to_act(CLAIM, end) and len(end.hands[CLAIM.learner]) == 11


def test_the_partners_trick_wins_the_team_the_automatons_and_the_game() -> None:
    end = lesson_play.walked(TEAMS)[-1]
    result = score(end)
    automatons = next(f for f in result.factions if f.faction is Faction.AUTOMATONS)
    team = unit_of(TEAMS.players, TEAMS.learner)
    assert automatons.winner == team and list(automatons.counts) == [4, 3]
    assert set(result.winners) == {TEAMS.learner, TEAMS.learner + 2}
    assert [u.won for u in result.units] == [4, 3]


def test_giving_the_partner_another_card_costs_the_team_the_game() -> None:
    start = lesson_play.walked(TEAMS)[0]
    move = RULES.action(start, TEAMS.learner, "play=GOB1", random.Random(0))
    [judged] = ANALYST.judge([Played(start, TEAMS.learner, move)], [0], 0)
    assert ANALYST.thresholds[judged.unit].grade(judged.cost) > Grade.GOOD
