"""Claim's lessons as they are laid out (``bot.games.claim.lessons``): the game's lesson
from the deal, the three players' and the teams' lesson come first, the faction lessons
after them; what each step lights is in the learner's hand, on the table or a prize; no
step names a card the learner's seat has not seen; each taught move is the judge's best;
the cards do what the words say (a prize won, a face-down follower drawn, a trick lost on
equal values, phase 1's last trick leading phase 2, a prize chosen among two, a faction
decided by a partner's trick); no card with a power is played in the game lesson's phase
1; and the list of rules holds every rule a real game needs, each met by a step of them.
The walk through every game's lessons is ``tests/games/test_lessons.py``'s, the faction
lessons' own checks ``test_faction_lessons.py``'s, the words' ``test_lesson_words.py``'s."""

from __future__ import annotations

import random
import re

import pytest

from bot.games import lesson_play
from bot.games.analysis import Grade, Played
from bot.games.claim.analysis import ANALYST
from bot.games.claim.faction_lessons import FACTION_LESSONS
from bot.games.claim.game import CLAIM as RULES
from bot.games.claim.game import ClaimTableState, intent_of
from bot.games.claim.game_lesson import GAME
from bot.games.claim.lessons import LESSONS, TEAMS, THREE
from bot.games.claim.lessons import RULES as TAUGHT
from bot.games.lessons import Lesson
from bot.storage.game_values import Level
from engine.claim import (
    CARDS,
    FIRST_GAME,
    ClaimState,
    Faction,
    Phase,
    legal_actions,
    score,
    view,
)
from engine.claim.units import unit_of
from i18n import english, language
from render.claim import words

OWN = (GAME, THREE, TEAMS)
"""The lessons of the game itself; the faction lessons are ``test_faction_lessons.py``'s."""
ME = GAME.learner
RIVAL = 1 - ME


def seen(state: ClaimState, seat: int) -> set[str]:
    """The cards ``seat`` sees: its hand and follower pile, the table, the face-up prizes
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


def ids(cards: object) -> set[str]:
    return {c.id for c in cards}  # type: ignore[attr-defined]


def test_the_games_lessons_come_first_then_a_lesson_per_faction() -> None:
    assert LESSONS[:3] == (GAME, THREE, TEAMS)
    assert LESSONS[3:] == FACTION_LESSONS
    assert (GAME.key, GAME.kind, GAME.players) == ("claim", "claim", RULES.min_players)
    assert (THREE.key, THREE.players) == ("claim-three", 3)
    assert (TEAMS.key, TEAMS.players) == ("claim-teams", 4)
    assert len(RULES.teams(TEAMS.players)) == 2


def test_the_list_holds_every_rule_a_game_needs_each_met_by_a_step() -> None:
    listed = [rule.key for rule in TAUGHT]
    assert len(set(listed)) == len(listed)
    assert {
        "deal",
        "factions",
        "powers",
        "prize",
        "face_down_follower",
        "prize_choice",
        "leading",
        "following_suit",
        "winning_a_trick",
        "equal_values",
        "discard",
        "phase_two",
        "scoring",
        "tie_break",
        "winning",
        "game_tie",
        "teams",
    } <= set(listed)
    met = {rule for lesson in OWN for step in lesson.steps for rule in step.rules}
    assert met == set(listed)


@pytest.mark.parametrize("lesson", OWN, ids=lambda lesson: lesson.key)
def test_each_step_lights_cards_in_the_learners_hand_on_the_table_or_a_prize(
    lesson: Lesson,
) -> None:
    for state, step in zip(lesson_play.walked(lesson), lesson.steps, strict=False):
        shown = view(state, lesson.learner)
        near = [*shown.hand, *(p.card for p in shown.table), *shown.prize]
        assert step.lit and set(step.lit) <= {c.id for c in near}, step.name
        assert step.taught.partition("=")[2] in step.lit, step.name


@pytest.mark.parametrize("lesson", OWN, ids=lambda lesson: lesson.key)
def test_no_step_names_a_card_the_learners_seat_has_not_seen(lesson: Lesson) -> None:
    path = lesson_play.walked(lesson)
    lang = english()
    for index, step in enumerate(lesson.steps):
        for message, cards in (
            (step.say, seen(path[index], lesson.learner)),
            (
                step.praise,
                seen(path[index], lesson.learner) | seen(path[index + 1], lesson.learner),
            ),
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


def at(name: str) -> int:
    """The index of the game lesson's step called ``name``."""
    return next(i for i, step in enumerate(GAME.steps) if step.name == name)


def before(name: str) -> ClaimState:
    state: ClaimState = lesson_play.path(GAME.key)[at(name)]
    return state


def after(name: str) -> ClaimState:
    state: ClaimState = lesson_play.path(GAME.key)[at(name) + 1]
    return state


def test_the_game_lesson_starts_from_the_deal_of_the_first_game() -> None:
    start = lesson_play.walked(GAME)[0]
    assert GAME.start is None and GAME.setup is not None
    assert start.factions == FIRST_GAME and start.phase is Phase.P1 and start.trick == 1
    assert [len(hand) for hand in start.hands] == [13, 13]
    assert not any(start.followers) and not any(start.scores) and not start.discard
    assert len(start.prize) == 1 and len(start.deck) == 25
    assert start.to_act() == (ME,)


def test_the_game_lessons_tricks_do_what_its_words_say() -> None:
    assert ids(after("win_the_prize").followers[ME]) == {"UND9"}
    lose = before("lose_a_poor_prize")
    drawn = lose.deck[0].id
    assert ids(after("lose_a_poor_prize").followers[RIVAL]) >= {lose.prize[0].id}
    assert drawn in ids(after("lose_a_poor_prize").followers[ME])
    assert drawn not in seen(after("lose_a_poor_prize"), RIVAL), "face down"
    cannot = before("cannot_follow")
    led = cannot.lead()
    assert led is not None and led.faction is Faction.DOPPELGANGERS
    assert not [c for c in cannot.hands[ME] if c.faction is Faction.DOPPELGANGERS]
    assert len(legal_actions(cannot, ME)) == len(cannot.hands[ME]), "any card"
    equal = after("equal_values")
    assert isinstance(equal, ClaimTableState) and equal.last_winner == RIVAL
    assert [p.card.value for p in equal.last_trick] == [0, 0]
    follow = before("equal_values")
    playable = {intent_of(action) for action in legal_actions(follow, ME)}
    assert playable == {f"play={c.id}" for c in follow.hands[ME] if c.faction is Faction.GOBLINS}
    assert "DOP9" in ids(after("follow_and_win").followers[ME])
    tie = before("highest_card_breaks_a_tie")
    left = [c for c in CARDS.values() if c.faction is Faction.KNIGHTS and c not in tie.discard]
    assert "KNI9" in ids(tie.discard) and max(left, key=lambda c: c.value).id == "KNI8"
    assert "KNI8" in ids(after("highest_card_breaks_a_tie").followers[ME])
    phase_two = after("last_trick_of_phase_one")
    assert phase_two.phase is Phase.P2 and phase_two.to_act() == (ME,)
    assert len(phase_two.hands[ME]) == 13
    assert ids(after("score_pile").scores[ME]) == {"KNI8", "KNI6"}
    assert {"DOP9", "DOP0"} <= ids(after("count_the_factions").scores[ME])


def test_no_card_plays_its_power_in_the_game_lessons_phase_one() -> None:
    """Phase 1 teaches only what every faction does: no Undead is played (nor scored), no
    Knight meets a Goblin lead, and a Doppelgänger is played only where it leads."""
    path = lesson_play.walked(GAME)
    tricks = [
        state.last_trick
        for state in path
        if isinstance(state, ClaimTableState) and state.phase is Phase.P1 and state.last_trick
    ]
    tricks.append(path[at("score_pile")].last_trick)
    assert len({trick for trick in tricks}) == 13
    for trick in tricks:
        lead, *rest = (p.card.faction for p in trick)
        assert Faction.UNDEAD not in (lead, *rest)
        assert not (lead is Faction.GOBLINS and Faction.KNIGHTS in rest)
        assert Faction.DOPPELGANGERS not in rest or lead is Faction.DOPPELGANGERS
    assert not any(path[at("score_pile")].scores)


def test_the_game_lessons_steps_end_pointing_to_the_faction_lessons() -> None:
    """Each faction's power is its own lesson's: the last step's words say where they are,
    as the reader's Discord names the command."""
    praise = GAME.steps[-1].praise
    assert "/claim learn faction:" in english().say(praise)
    assert "/claim lernen fraktion:" in language("de").say(praise)


def test_the_game_lesson_leaves_its_learner_a_first_game_they_win() -> None:
    """The rest of phase 2 is the first whole game: eleven tricks, the learner to lead, and
    followers strong enough that an easy player in their seat wins it every time."""
    end = lesson_play.walked(GAME)[-1]
    assert GAME.then_play and end.phase is Phase.P2
    assert lesson_play.learner_to_act(GAME, end) and len(end.hands[ME]) == 11
    for seed in range(5):
        chance, state = random.Random(seed), end
        while state.phase is not Phase.OVER:
            seat = state.to_act()[0]
            intent = RULES.decide(state, seat, Level.EASY, chance)
            state = RULES.apply(state, seat, RULES.action(state, seat, intent, chance)).state
        assert score(state).winners == (ME,), seed


def test_the_three_players_lesson_has_its_winner_choose_between_two_prizes() -> None:
    lead, choose, count, end = lesson_play.walked(THREE)
    assert lead.players == 3 and lead.phase is Phase.P1 and len(lead.prize) == 2
    assert choose.to_act() == (THREE.learner,) and ids(choose.prize) == {"UND9", "GOB0a"}
    taken = phase_two_hands(count)
    assert "UND9" in taken[THREE.learner]
    assert "GOB0a" in taken[choose.places()[1]], "second place takes the other"
    assert "BAR7" in taken[choose.places()[2]], "third place draws"
    assert count.phase is Phase.P2 and count.to_act() == (THREE.learner,)
    move = RULES.action(choose, THREE.learner, "take=GOB0a", random.Random(0))
    [judged] = ANALYST.judge([Played(choose, THREE.learner, move)], [0], 0)
    assert ANALYST.thresholds[judged.unit].grade(judged.cost) > Grade.GOOD
    assert end.phase is Phase.P2


def phase_two_hands(state: ClaimState) -> list[set[str]]:
    """Each seat's hand in phase 2: the followers it won in phase 1."""
    return [ids(hand) for hand in state.hands]


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
