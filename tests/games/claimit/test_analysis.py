"""Claim It!'s decisions as the report keeps them: the engine's judgement turned into
options the report words read back, its costs to the millionth, its units and
thresholds; the clock's and a stand-in's moves left out."""

from __future__ import annotations

import json
from fractions import Fraction

from bot.games.analysis import ChanceKind, Grade, Judged, Played, Unit
from bot.games.claimit.analysis import ANALYST, THRESHOLDS
from bot.games.claimit.report_words import WORDS
from bot.storage.game_values import Level
from engine.claimit import Place, Placement, Roll, Stop, TimeOut, apply
from i18n import english
from tests.engine.claimit.positions import EXAMPLE_4_BOARD, claimed_row, position

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


def test_a_decisions_chance_cost_is_its_cost_in_chance_to_win() -> None:
    board = {**claimed_row(0, 1, range(1, 3)), **claimed_row(0, 1, range(4, 7)), **RIVAL_CORNER}
    state = position(board, phase="place", dice=[3, 1, 1])
    (alone,) = ANALYST.judge([Played(state, 0, Place(Placement(1, 3, "S1")))], [0], seed=1)
    (joining,) = ANALYST.judge([Played(state, 0, Place(Placement(3, 1, "S1")))], [0], seed=1)
    assert 0 < alone.chance_cost < 1 and alone.chance_cost.denominator <= 1_000_000
    assert joining.chance_cost == 0
    assert ANALYST.chance_thresholds.grade(Fraction(3, 100)) is Grade.INACCURACY


def test_a_costly_decision_says_what_it_gave_each_rival_and_the_report_keeps_it() -> None:
    board = {**claimed_row(0, 1, range(1, 3)), **claimed_row(0, 1, range(4, 7)), **RIVAL_CORNER}
    board.update({"1,6": ["C", "P2"], "2,6": ["P2"], "3,6": ["P2"]})
    state = position(board, players=3, phase="place", dice=[3, 1, 1])
    (alone,) = ANALYST.judge([Played(state, 0, Place(Placement(1, 3, "S1")))], [0], seed=1)
    (joining,) = ANALYST.judge([Played(state, 0, Place(Placement(3, 1, "S1")))], [0], seed=1)
    assert alone.given is not None and joining.given is None
    mover, *rivals = alone.given
    assert mover == -alone.chance_cost
    assert all(gift > 0 for gift in rivals) and rivals[0] != rivals[1], "not shared evenly"
    total = sum(alone.given, Fraction(0))
    assert -Fraction(3, 1_000_000) <= total <= Fraction(3, 1_000_000), "one loses, others win"
    kept = Judged.from_json(json.loads(json.dumps(alone.to_json())))
    assert kept == alone
    assert ANALYST.chance_thresholds.grade(Fraction(1, 5)) is Grade.BLUNDER


def test_the_levels_rates_rank_the_levels() -> None:
    rates = ANALYST.level_rates
    assert 0 < rates[Level.HARD] < rates[Level.NORMAL] < rates[Level.EASY] < 1


def test_each_roll_is_a_fortune_of_its_roller_in_chance_to_win() -> None:
    state = position(EXAMPLE_4_BOARD, players=3)
    after = apply(state, Roll((2, 2, 5))).state
    moves = [
        Played(state, 0, Roll((2, 2, 5))),
        Played(after, 0, Place(after.pending_placements()[0])),
    ]
    placed = apply(after, moves[1].action).state
    moves.append(Played(placed, 0, Roll((3, 4, 6))))
    fortunes = ANALYST.luck(moves, seed=1)
    assert [(f.move, f.seat, f.kind) for f in fortunes] == [
        (0, 0, ChanceKind.ROLL),
        (2, 0, ChanceKind.ROLL),
    ]
    for fortune in fortunes:
        assert len(fortune.luck) == 3
        assert all(luck.denominator <= 1_000_000 for luck in fortune.luck)
        assert abs(sum(fortune.luck, Fraction(0))) <= Fraction(3, 1_000_000)
    assert fortunes[1].luck[0] < 0, "the second roll busts"
    assert ANALYST.luck(moves, seed=2) == fortunes
    assert ANALYST.luck([], seed=1) == []
