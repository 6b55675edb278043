"""Claim It!'s reasons for a lesson's answer (``bot.games.claimit.lesson_reasons``), on
the lessons' own positions, whose reasons are known: the next roll's bust chance (the
board's own figure) against what a stop keeps, a stop that wins the last round, a
squatter joining the learner's groups, one cutting the computer's mine, a claim marker
winning the tie-break, and one keeping its space for good; in English and German."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import lesson_play
from bot.games.analysis import Judged
from bot.games.claimit import words
from bot.games.claimit.lesson_reasons import REASONS
from engine.claimit.odds import roll_odds
from i18n import Language, english, language
from tests.games.lesson_moves import wrong_moves

NAMES = ["Ann", "Bot 1 (easy)"]
LANGUAGES = [english(), language("de")]


def answered(key: str, step: str, intent: str) -> tuple[Any, Judged]:
    """The position of the lesson's step, and the judge's verdict on ``intent`` there."""
    lesson = lesson_play.lesson(key)
    index = [s.name for s in lesson.steps].index(step)
    state = lesson_play.path(key)[index]
    moved = lesson_play.learner_moved(lesson, index, state, intent)
    assert not moved.good and moved.judged is not None
    return state, moved.judged


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_stop_too_early_is_answered_with_the_boards_bust_chance(lang: Language) -> None:
    state, judged = answered("claimit", "roll_again", "stop")
    said = REASONS.why(state, judged, NAMES, lang)
    odds = roll_odds(state)
    board = words.odds(odds, lang)
    chance, busting = lang.percent(float(odds.bust)), lang.number(odds.busting_rolls)
    assert said is not None and chance in said and f"{busting} " in said
    assert f"**{chance}** ({busting} " in board, "the board shows the same figures"


def test_rolling_on_where_a_stop_keeps_the_marks_and_one_that_wins_the_game() -> None:
    state, judged = answered("claimit", "stop_and_claim", "roll")
    said = REASONS.why(state, judged, NAMES, english())
    assert said is not None and "would lose this turn's 2 marks, which stopping keeps" in said
    state, judged = answered("claimit-last-round", "stop_to_win", "roll")
    said = REASONS.why(state, judged, NAMES, english())
    assert said is not None and "stopping now wins the game" in said


def test_the_squatter_that_joins_the_learners_groups() -> None:
    state, judged = answered("claimit", "join_your_groups", "E")
    assert REASONS.why(state, judged, NAMES, english()) == (
        "The squatter 4 on 2,5 joins your groups into a mine of 16 spaces once you stop, "
        "where the squatter 2 on 5,4 leaves your largest mine at 11."
    )


def test_the_squatter_that_cuts_the_computers_mine() -> None:
    state, judged = answered("claimit", "cut_its_mine", "B")
    said = REASONS.why(state, judged, NAMES, english())
    assert said == (
        "The squatter 6 on 5,3 cuts Bot 1 (easy)'s largest mine to 11 spaces once you stop, "
        "where the squatter 3 on 5,6 leaves it at 15."
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_claim_marker_that_wins_the_tie_break(lang: Language) -> None:
    state, judged = answered("claimit-last-round", "win_the_tie", "B")
    said = REASONS.why(state, judged, NAMES, lang)
    assert said is not None
    assert all(lang.number(n) in said for n in (14, 13)) and "Bot 1 (easy)" in said


def test_a_claim_marker_keeps_its_space_for_good() -> None:
    state, judged = answered("claimit-variant", "claim_it_too", "B")
    said = REASONS.why(state, judged, NAMES, english())
    assert said is not None and "yours for good" in said


async def test_every_wrong_move_of_the_lessons_has_its_reason_in_english_and_german() -> None:
    found = 0
    for key in ("claimit", "claimit-last-round", "claimit-variant"):
        async for step, intent, state, verdict in wrong_moves(key):
            found += 1
            said = [REASONS.why(state, verdict, NAMES, lang) for lang in LANGUAGES]
            assert all(said) and said[0] != said[1], (key, step, intent)
    assert found >= 20
