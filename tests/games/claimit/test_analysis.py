"""Claim It!'s decisions as the report keeps them: the engine's judgement turned into
options the report words read back, its costs to the millionth, its units and
thresholds; the clock's and a stand-in's moves left out."""

from __future__ import annotations

from fractions import Fraction

from bot.games.analysis import Grade, Played, Unit
from bot.games.claimit.analysis import ANALYST, THRESHOLDS
from bot.games.claimit.report_words import WORDS
from engine.claimit import Place, Placement, Stop, TimeOut
from i18n import english
from tests.engine.claimit.positions import claimed_row, position

RIVAL_CORNER = {"6,6": ["C", "P1"], "5,6": ["P1"]}


def test_a_squatter_on_its_own_is_a_blunder_against_one_joining_the_mine() -> None:
    board = {**claimed_row(0, 1, range(1, 3)), **claimed_row(0, 1, range(4, 7)), **RIVAL_CORNER}
    state = position(board, phase="place", dice=[3, 1, 1])
    (alone,) = ANALYST.judge([Played(state, 0, Place(Placement(1, 3, "S1")))], [0], seed=1)
    (joining,) = ANALYST.judge([Played(state, 0, Place(Placement(3, 1, "S1")))], [0], seed=1)
    assert (alone.chosen, alone.best, alone.unit, alone.exact) == (
        "S1@1,3",
        "S1@3,1",
        Unit.SPACES,
        False,
    )
    assert alone.cost > 2 and alone.cost.denominator <= 1_000_000
    assert THRESHOLDS[Unit.SPACES].grade(alone.cost) is Grade.BLUNDER
    assert joining.cost == 0 and joining.best == joining.chosen == "S1@3,1"
    lang = english()
    assert WORDS.option(state, alone.best, ("Ann", "Bo"), lang) == "placing the squatter 1 on 3,1"


def test_the_thresholds_are_the_engines_in_both_units() -> None:
    assert THRESHOLDS[Unit.SPACES].inaccuracy == Fraction(1, 4)
    assert THRESHOLDS[Unit.WIN_CHANCE].blunder == Fraction(1, 5)


def test_the_clocks_and_a_stand_ins_moves_are_nobodys_decisions() -> None:
    board = {**claimed_row(0, 1), **{f"{c},2": [f"S{c}"] for c in range(1, 7)}, **RIVAL_CORNER}
    state = position(board)
    moves = [Played(state, 0, TimeOut()), Played(state, 0, Stop(), own=False)]
    assert ANALYST.decisions(moves) == []
    stop = ANALYST.judge([Played(state, 0, Stop())], [0], seed=1)
    assert [(d.chosen, d.best) for d in stop] == [("stop", "stop")]
    assert WORDS.option(state, "roll", ("Ann", "Bo"), english()) == "rolling again"
