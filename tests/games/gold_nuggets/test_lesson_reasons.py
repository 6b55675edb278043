"""Gold Nuggets' reasons for a lesson's answer (``bot.games.gold_nuggets.lesson_reasons``),
on positions whose reason is known: rolling on against taking (its bust chance and average
the board's own figures), the bonus turn of all seven dice, the third lasso, more dice
kept to roll, a steal from the leader or from a player holding little; in English and
German."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from bot.games import lesson_play
from bot.games.analysis import Judged, Unit
from bot.games.gold_nuggets import words
from bot.games.gold_nuggets.lesson_reasons import REASONS
from engine.gold_nuggets import Counts, Face, GameState, Phase
from engine.gold_nuggets.odds import bust_chance, roll_odds
from i18n import Language, english, language
from tests.games.lesson_moves import wrong_moves

NAMES = ["Ann", "Bo"]
LANGUAGES = [english(), language("de")]


def judged(chosen: str, best: str) -> Judged:
    return Judged(0, 0, chosen, best, Fraction(1, 10), Unit.WIN_CHANCE, False)


def aside(faces: str) -> Counts:
    return Counts.of(Face(face) for face in faces)


def rolled(state: GameState, faces: str) -> GameState:
    return replace(state, phase=Phase.SET_ASIDE, roll=tuple(Face(face) for face in faces))


def before(step: str) -> GameState:
    lesson = lesson_play.lesson("nuggets")
    index = [s.name for s in lesson.steps].index(step)
    position: GameState = lesson_play.path("nuggets")[index]
    return position


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rolling_on_beats_a_small_take_by_the_boards_own_figures(lang: Language) -> None:
    state = before("roll_on")
    said = REASONS.why(state, judged("take", "roll"), NAMES, lang)
    odds = roll_odds(state)
    board = words.odds(odds, state, lang)
    chance, average = lang.percent(float(odds.bust)), lang.number(odds.roll_on, digits=1)
    assert said is not None and chance in said and average in said
    assert f"**{chance}**" in board and f"**{average}**" in board, "the same figures"
    assert odds.roll_on > state.value


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_last_die_risks_what_is_set_aside_for_less_on_average(lang: Language) -> None:
    state = before("take_end")
    said = REASONS.why(state, judged("roll", "take"), NAMES, lang)
    odds = roll_odds(state)
    assert said is not None
    assert lang.percent(float(odds.bust)) in said and lang.number(8) in said
    assert lang.number(odds.roll_on, digits=1) in said and odds.roll_on < 8
    assert said == lang._(
        "Rolling on busts {chance} of the time and would lose the {value} set aside: played "
        "well, it takes {average} on average, less than the {value} you take now.",
        chance=lang.percent(0.5),
        value=lang.number(8),
        average=lang.number(odds.roll_on, digits=1),
    )


def test_all_seven_dice_aside_earn_a_bonus_turn() -> None:
    state = rolled(GameState(2, 0, Phase.DECIDE, 40, (20, 17), aside("NN333")), "L3")
    said = REASONS.why(state, judged("set=3", "set=L3"), NAMES, english())
    assert said is not None and "puts all seven dice aside" in said and "bonus turn" in said
    assert english().percent(float(bust_chance(1, aside("NN3333").numbers))) in said


def test_a_third_lasso_opens_a_steal() -> None:
    state = rolled(GameState(2, 0, Phase.DECIDE, 40, (10, 27), aside("LL555")), "LN")
    said = REASONS.why(state, judged("set=N", "set=L"), NAMES, english())
    assert said is not None and "three lassos" in said


def test_three_threes_keep_four_dice_to_roll_where_four_keep_three() -> None:
    """The rulebook's own example: three of six 3s set aside, the rest rolled again."""
    state = rolled(GameState(2, 0, Phase.ROLL, 77, (0, 0)), "3333NN5")
    said = REASONS.why(state, judged("set=3333", "set=333"), NAMES, english())
    four = english().percent(float(bust_chance(4, aside("333").numbers)))
    assert said == (
        f"Setting aside 3× 3 keeps 4 dice to roll, which bust {four} of the time, where "
        "setting aside 4× 3 keeps 3."
    )


def test_two_lassos_toward_the_three_a_steal_needs() -> None:
    state = rolled(GameState(2, 0, Phase.ROLL, 40, (10, 27)), "LLN5552")
    said = REASONS.why(state, judged("set=LN555", "set=LL555"), NAMES, english())
    assert said is not None and "keeps 2 lassos toward the three" in said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_steal_from_the_leader_and_not_from_a_player_holding_little(lang: Language) -> None:
    state = GameState(2, 0, Phase.DECIDE, 47, (10, 20), aside("LLL555"))
    said = REASONS.why(state, judged("take", "take=1"), NAMES, lang)
    assert said is not None and "Bo" in said and lang.number(5) in said
    poor = GameState(2, 0, Phase.DECIDE, 65, (10, 2), aside("LLL555"))
    said = REASONS.why(poor, judged("take=1", "take"), NAMES, lang)
    assert said == lang._(
        "{player} holds only {held}, so taking from them gives you {held}, where the centre "
        "gives you all {value}.",
        player="Bo",
        held=lang.number(2),
        value=lang.number(5),
    )


async def test_every_wrong_move_of_the_lesson_has_its_reason_in_english_and_german() -> None:
    found = 0
    async for step, intent, state, verdict in wrong_moves("nuggets"):
        found += 1
        said = [REASONS.why(state, verdict, NAMES, lang) for lang in LANGUAGES]
        assert all(said) and said[0] != said[1], (step, intent)
    assert found >= 10
