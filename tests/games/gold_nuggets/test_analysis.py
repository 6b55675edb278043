"""Gold Nuggets' decisions as the report keeps them: the rulebook's stop with one die
left and the six 3s judged to the exact fraction, kept so through storage's JSON, worded
as the report says them, and the clock's and a stand-in's moves left out; each decision's
cost in chance to win, each roll's luck in it, and the levels' decision rates."""

from __future__ import annotations

import json
from fractions import Fraction

from bench.analysis import played
from bench.nuggets_judge import chosen, close_endgames, hinted, regret
from bot.games.analysis import Analysis, ChanceKind, Grade, Played, Unit, kept
from bot.games.gold_nuggets.analysis import ANALYST, CHANCE_THRESHOLDS, LEVEL_RATES, THRESHOLDS
from bot.games.gold_nuggets.report_words import WORDS
from bot.games.seat_summaries import summaries
from bot.storage.game_values import Level
from engine.gold_nuggets import Phase, Roll, SetAside, Take, TimeOut, apply
from engine.gold_nuggets.dice import Counts, Face
from engine.gold_nuggets.exact import fresh_turn_worth
from engine.gold_nuggets.judge import judged
from engine.gold_nuggets.roll_luck import roll_luck
from i18n import english
from tests.engine.gold_nuggets.play import decided_by_one_roll, faces, position

NAMES = ("Ann", "Bo", "Cy")


def test_the_rulebooks_stop_costs_exactly_4v_minus_15_over_6() -> None:
    state = position(phase="decide", aside={"3": 3, "5": 3})
    moves = [Played(state, 0, Take())]
    (stop,) = ANALYST.judge(moves, ANALYST.decisions(moves), seed=1)
    assert (stop.chosen, stop.best, stop.unit, stop.exact) == ("take", "roll", Unit.NUGGETS, True)
    assert stop.cost == (4 * fresh_turn_worth() - 15) / 6
    assert THRESHOLDS[Unit.NUGGETS].grade(stop.cost) is Grade.INACCURACY
    kept = Analysis.from_json(json.loads(json.dumps(Analysis(2, (stop,), 0.1).to_json())))
    assert kept.decisions == (stop,), "the cost survives storage as the exact fraction"
    lang = english()
    assert WORDS.option(state, stop.chosen, NAMES, lang) == "taking 8"
    assert WORDS.option(state, stop.best, NAMES, lang) == "rolling on with 1 die"


def test_six_threes_where_three_do_is_a_mistake_of_1_1862() -> None:
    state = position(phase="set_aside", roll="3333332")
    moves = [Played(state, 0, SetAside(Counts.of([Face.THREE] * 6)))]
    (greedy,) = ANALYST.judge(moves, [0], seed=1)
    assert round(float(greedy.cost), 4) == 1.1862
    assert greedy.best == "set=333" and greedy.chosen == "set=333333"
    assert THRESHOLDS[Unit.NUGGETS].grade(greedy.cost) is Grade.MISTAKE
    assert WORDS.option(state, greedy.best, NAMES, english()) == "setting aside 3× 3"


def test_what_nobody_decided_is_not_judged() -> None:
    decide = position(phase="decide", aside={"3": 3, "5": 3})
    moves = [
        Played(position(phase="roll"), 0, Roll((Face.THREE,) * 6 + (Face.TWO,))),
        Played(decide, 0, TimeOut()),
        Played(decide, 0, Take(), own=False),
    ]
    assert ANALYST.decisions(moves) == [0]
    assert ANALYST.judge(moves, [0], seed=1) == []


def test_a_seat_is_summed_up_by_its_costs_and_grades() -> None:
    stop_state = position(phase="decide", aside={"3": 3, "5": 3})
    six = position(phase="set_aside", roll="3333332")
    moves = [
        Played(stop_state, 0, Take()),
        Played(stop_state, 0, Roll(())),
        Played(six, 1, SetAside(Counts.of([Face.THREE] * 6))),
    ]
    analysis = Analysis(2, tuple(ANALYST.judge(moves, [0, 1, 2], seed=1)), 0.0)
    ann, bo = summaries(analysis, CHANCE_THRESHOLDS)
    assert (ann.decisions, ann.best, bo.decisions, bo.best) == (2, 1, 1, 0)
    assert ann.lost == {Unit.NUGGETS: (4 * fresh_turn_worth() - 15) / 6}
    # At the game's start a nugget is worth some two and a half points of win chance: both
    # slips cost less than an inaccuracy's three.
    assert 0 < ann.chance_lost < bo.chance_lost < CHANCE_THRESHOLDS.inaccuracy
    assert ann.grades == {Grade.GOOD: 1, Grade.BEST: 1}
    assert bo.grades == {Grade.GOOD: 1} and bo.costliest == analysis.decisions[2]


def test_where_more_than_the_turns_take_is_at_stake_the_chance_to_win_judges() -> None:
    # Bo holds 50 nuggets, the centre 20: Ann, three lassos and three 5s aside (value 5),
    # may steal.
    near_the_end = position(phase="decide", aside={"L": 3, "5": 3}, centre=20, nuggets=[0, 50, 7])
    moves = [Played(near_the_end, 0, Take())]
    (took,) = ANALYST.judge(moves, [0], seed=1)
    assert (took.unit, took.exact, took.chosen) == (Unit.WIN_CHANCE, False, "take")
    judgement = judged(near_the_end, Take())
    assert judgement is not None
    assert set(judgement.worths) == {"roll", Take(None), Take(1), Take(2)}
    assert judgement.worths[Take(1)] > judgement.worths[Take(None)], "from the leader"
    assert took.cost == round(Fraction(judgement.cost), 6) > 0
    assert took.best == "roll", "50 behind, 5 is not enough"
    assert WORDS.option(near_the_end, "take=1", NAMES, english()) == "stealing 5 from Bo"


def test_the_plans_best_option_costs_no_chance_and_the_others_what_they_give_away() -> None:
    # Ann, three lassos and three 4s aside, one die left: taking 3 of her 4 from the
    # centre ends the game 23-30-24, lost; stealing from Bo or Cy, or rolling on, does not.
    state = position(phase="decide", aside={"L": 3, "4": 3}, centre=3, nuggets=[20, 30, 24])
    actions = [Roll(faces("N")), Take(), Take(1), Take(2)]
    judged_ = [ANALYST.judge([Played(state, 0, action)], [0], seed=1)[0] for action in actions]
    roll, centre, bo, cy = (decision.chance_cost for decision in judged_)
    judgement = judged(state, Take())
    assert judgement is not None and judgement.chances[Take(None)] == 0.0
    assert roll == 0, "the plan rolls on"
    assert centre == kept(judgement.chances["roll"]) > CHANCE_THRESHOLDS.blunder
    assert 0 < bo < cy < centre, "robbing the leader gives away the least"
    # Rolling on keeps a bonus turn in reach (a lasso, a nugget or a 4: a steal from Bo
    # and a turn at once, in which 3 from the centre ends the game ahead): stopping now,
    # even to rob the leader, gives most of that away.
    assert [CHANCE_THRESHOLDS.grade(cost) for cost in (roll, bo, cy, centre)] == [
        Grade.BEST,
        Grade.BLUNDER,
        Grade.BLUNDER,
        Grade.BLUNDER,
    ]


def test_every_roll_has_its_luck_in_chance_to_win() -> None:
    start, actions = decided_by_one_roll()
    moves = []
    state = start
    for action in actions:
        moves.append(Played(state, state.turn, action))
        state = apply(state, action).state
    fortunes = ANALYST.luck(moves, seed=1)
    assert fortunes == ANALYST.luck(moves, seed=2), "exact over the dice: no seed in it"
    assert [(f.move, f.seat, f.kind) for f in fortunes] == [
        (0, 0, ChanceKind.ROLL),
        (1, 1, ChanceKind.ROLL),
    ]
    engine = roll_luck(start, actions)
    assert [f.luck for f in fortunes] == [tuple(kept(x) for x in e.luck) for e in engine]
    bust = fortunes[0]
    assert bust.luck[0] < -Fraction(1, 4) and bust.luck[1] == -bust.luck[0]
    analysis = Analysis(2, (), 0.0, tuple(fortunes))
    assert analysis.luck(1) == bust.luck[1] + fortunes[1].luck[1] > 0
    kept_again = Analysis.from_json(json.loads(json.dumps(analysis.to_json())))
    assert kept_again.fortunes == analysis.fortunes


def test_the_levels_rates_are_in_their_order() -> None:
    assert 0 < LEVEL_RATES[Level.HARD] < LEVEL_RATES[Level.NORMAL] < LEVEL_RATES[Level.EASY]
    assert LEVEL_RATES[Level.EASY] < CHANCE_THRESHOLDS.inaccuracy, "a rate, not one decision"


def test_the_report_says_a_game_of_two_is_judged_exactly() -> None:
    assert "In a game of two, exactly: the game is solved." in WORDS.judged_how(english())
    two = position(players=2, phase="decide", aside={"L": 3, "3": 3}, centre=1, nuggets=[36, 40])
    (steal,) = ANALYST.judge([Played(two, 0, Take(1))], [0], seed=1)
    assert (steal.unit, steal.exact, steal.cost) == (Unit.WIN_CHANCE, True, Fraction(0))
    three = position(phase="decide", aside={"L": 3, "4": 3}, centre=3, nuggets=[20, 30, 24])
    (estimate,) = ANALYST.judge([Played(three, 0, Take(1))], [0], seed=1)
    assert (estimate.unit, estimate.exact) == (Unit.WIN_CHANCE, False)


def test_hints_on_close_endgames_and_the_hard_players_moves_are_exact_play() -> None:
    # Built close 2-player endgames (a small centre, lassos aside, close scores): the hint
    # names an option of the best exact chance.
    for state in close_endgames(40, seed=3):
        hint = hinted(state)
        assert hint is not None and regret(state, hint) < 1e-12, state
    # The hard player, in seeded games against the others, never gives any away.
    for seed, levels in enumerate([(Level.HARD, Level.NORMAL), (Level.EASY, Level.HARD)]):
        for move in played("nuggets", list(levels), 60 + seed):
            state = move.before
            if levels[move.seat] is Level.HARD and state.phase is not Phase.ROLL:
                assert regret(state, chosen(move)) < 1e-12, move
