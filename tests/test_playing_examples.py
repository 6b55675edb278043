"""The worked examples of Playing (``docs/playing.md``) computed by the product's code:
Claim It!'s last turn (every chance and luck it states, by ``engine.claimit``'s one value
of a position) and the luck-adjusted result (by the report's own line). The text is
built from the figures, so a change to the judge that moves one fails here until the
guide says it."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from itertools import product
from pathlib import Path

from bench.claim_ledger import seeded_game
from bot.games.analysis import Grade, Thresholds, Unit
from bot.games.analysis_words import adjusted_line
from bot.games.claim.analysis import THRESHOLDS as CLAIM_THRESHOLDS
from bot.games.claimit.analysis import THRESHOLDS as CLAIMIT_THRESHOLDS
from bot.games.gold_nuggets.analysis import THRESHOLDS as NUGGETS_THRESHOLDS
from engine.claim.actions import Play
from engine.claim.card_luck import card_luck
from engine.claim.cards import card as claim_card
from engine.claim.judge import judged as claim_judged
from engine.claim.players import Level as ClaimLevel
from engine.claimit import Phase, Place, Placement, Roll, apply
from engine.claimit.judge import Unit as ClaimItUnit
from engine.claimit.judge import judged as claimit_judged
from engine.claimit.odds import roll_odds
from engine.claimit.roll_luck import drift, roll_luck
from engine.claimit.win_chance import chances
from engine.gold_nuggets import Counts, SetAside, Take
from engine.gold_nuggets.dice import Face
from engine.gold_nuggets.exact import fresh_turn_worth
from engine.gold_nuggets.judge import Unit as NuggetsUnit
from engine.gold_nuggets.judge import judged as nuggets_judged
from i18n import english
from tests.engine.claim_players.test_judge import last_knights
from tests.engine.claimit.positions import claimed_row, position
from tests.engine.claimit.test_judge import RIVAL_CORNER
from tests.engine.gold_nuggets.play import position as nuggets_position

PLAYING = (Path(__file__).resolve().parents[1] / "docs" / "playing.md").read_text(encoding="utf-8")
LAST_TURN = {
    **claimed_row(0, 1, range(1, 6)),
    **claimed_row(1, 6, range(1, 5)),
    "5,6": ["P1"],
    "6,6": ["P1"],
    "6,4": ["P1"],
}
"""Bo's mine is row 6 (six spaces, four claims); Ann's row 1 but for its last space (five
spaces, five claims)."""


WORDS = {1: "one", 2: "two", 3: "three"}


def text() -> str:
    """The guide as one line of words: its wrapping is not its text."""
    return re.sub(r"\s+", " ", PLAYING)


def pts(chance: float) -> str:
    return f"{100 * chance:.1f}"


def test_claim_its_last_turn_example_is_the_judges() -> None:
    state = position(LAST_TURN, last_round={"caller": 1, "turns_left": 1})
    before = chances(state)[0]
    after = []
    for dice in product(range(1, 7), repeat=3):
        rolled = apply(state, Roll(dice)).state
        (event,) = roll_luck(state, [Roll(dice)])
        after.append((rolled, chances(rolled)[0], event.luck[0]))
    wins = [a for a in after if a[1] == 1.0]
    busts = [a for a in after if a[0].phase is Phase.OVER]
    hope = [a for a in after if a[1] < 1.0 and a[0].phase is not Phase.OVER]
    assert all(abs(luck - (chance - before)) < 1e-12 for _, chance, luck in after)
    mean = sum(chance for _, chance, _ in after) / 216
    low, high = min(c for _, c, _ in hope), max(c for _, c, _ in hope)
    said = (
        f"Before her roll the model gives her {pts(before)}%: the judge's chance that she "
        "ends the turn first, looking two rolls ahead, through the last round's fitted "
        f"curve. {len(wins)} of the 216 rolls give her a placement that wins the game (her "
        f"chance then 100%), {WORDS[len(busts)]} busts (0%), and the other {len(hope)} let "
        f"her place and roll on ({100 * low:.0f} to {100 * high:.0f}%). A winning roll is "
        f"+{pts(1 - before)} points of luck for her, the bust \N{MINUS SIGN}{pts(before)}. "
        f"Averaged over the 216 rolls her chance after the roll is {pts(mean)}%, "
        f"{pts(abs(drift(state)[0]))} points {'above' if drift(state)[0] > 0 else 'below'} "
        "her chance before it"
    )
    assert said in text(), said


def test_the_luck_adjusted_result_example_is_the_reports() -> None:
    lang = english()
    won = adjusted_line(Fraction(1), Fraction(31, 100), lang)
    lucky = adjusted_line(Fraction(1), Fraction(80, 100), lang)
    assert (won, lucky) == (
        "Luck-adjusted result: 69%.",
        "Luck-adjusted result: 20%.",
    )
    said = (
        "Bo won (100%) with +31 points of luck and a decision rate like Ann's: his "
        "luck-adjusted result is 69%, a game he was the favourite in anyway; had the dice "
        "given him +80, it would be 20%"
    )
    assert said in text()


def grade(thresholds: Thresholds, cost: float) -> str:
    """A grade as the guide words it: "an inaccuracy", "a mistake", "a blunder"."""
    found = thresholds.grade(Fraction(cost))
    return {
        Grade.INACCURACY: "an inaccuracy",
        Grade.MISTAKE: "a mistake",
        Grade.BLUNDER: "a blunder",
    }.get(found, "no grade")


def test_gold_nuggets_rulebook_stop_example_is_the_judges() -> None:
    v = fresh_turn_worth()
    state = nuggets_position(phase="decide", aside={"3": 3, "5": 3})
    stop = nuggets_judged(state, Take())
    assert stop is not None and stop.unit is NuggetsUnit.NUGGETS
    assert stop.cost == (4 * v - 15) / 6
    six_threes = nuggets_judged(
        nuggets_position(phase="set_aside", roll="3333332"),
        SetAside(Counts.of([Face.THREE] * 6)),
    )
    assert six_threes is not None
    said = (
        f"V = {v.numerator}/{v.denominator} ≈ {float(v):.4f} nuggets. Take the rulebook's "
        "stop: the 3s and the 5s set aside (value 8), one die left. Rolling it sets aside a "
        "lasso, a 3 or a 5 (8, and all seven dice aside: a bonus turn) or a nugget (9 and a "
        "bonus turn), and busts on a 2 or a 4, so rolling on is worth (3 × (8 + V) + (9 + "
        f"V)) / 6 ≈ {float(stop.worths['roll']):.2f} nuggets, and taking 8 costs exactly "
        f"(4V \N{MINUS SIGN} 15) / 6 ≈ {float(stop.cost):.2f} nuggets: "
        f"{grade(NUGGETS_THRESHOLDS[Unit.NUGGETS], float(stop.cost))}."
    )
    assert said in text(), said
    assert f"setting six 3s aside where three do costs {float(six_threes.cost):.2f}" in text()


def test_claim_its_placement_and_stop_examples_are_the_judges() -> None:
    board = {**claimed_row(0, 1, range(1, 3)), **claimed_row(0, 1, range(4, 7)), **RIVAL_CORNER}
    placing = position(board, phase="place", dice=[3, 1, 1])
    joining, alone = Placement(3, 1, "S1"), Placement(1, 3, "S1")
    bad = claimit_judged(placing, Place(alone))
    assert bad is not None and bad.unit is ClaimItUnit.SPACES
    said = (
        f"The first is worth {bad.worths[joining]:.2f} spaces, the second "
        f"{bad.worths[alone]:.2f}: placing it on its own costs {bad.cost:.2f} spaces, "
        f"{grade(CLAIMIT_THRESHOLDS[Unit.SPACES], bad.cost)}."
    )
    assert said in text(), said
    beside = {**claimed_row(0, 1), **{f"{c},2": [f"S{c}"] for c in range(1, 7)}, **RIVAL_CORNER}
    stopping = position(beside)
    busts = roll_odds(stopping).bust * 216
    roll = claimit_judged(stopping, Roll((1, 2, 3)))
    assert roll is not None and roll.unit is ClaimItUnit.SPACES
    said = (
        f"{busts} of the 216 rolls bust: stopping is worth {roll.worths['stop']:.2f} "
        f"spaces, rolling {roll.worths['roll']:.2f}, so rolling on costs {roll.cost:.2f}."
    )
    assert said in text(), said


def test_claims_deciding_trick_example_is_the_judges() -> None:
    state = last_knights()
    duck = Play(claim_card("KNI2"))
    bad = claim_judged(state, 1, duck, random.Random(1))
    assert bad is not None and bad.exact
    take = Play(claim_card("KNI6"))
    said = (
        "Taking the trick with the 6 wins you the Knights and the game (a chance of "
        f"{100 * bad.worths[take]:.0f}%); ducking with the 2 loses them "
        f"({100 * bad.worths[duck]:.0f}%): a cost of {100 * bad.cost:.0f} points, "
        f"{grade(CLAIM_THRESHOLDS[Unit.WIN_CHANCE], bad.cost)}."
    )
    assert said in text(), said


CLAIM_LUCK_SEED = 2
"""The seeded deal of Playing's Claim luck example: the hard player seat 0, the normal
one seat 1."""


def test_claims_luck_example_is_the_reports() -> None:
    start, actions = seeded_game(CLAIM_LUCK_SEED, (ClaimLevel.HARD, ClaimLevel.NORMAL))
    events = card_luck(start, actions, CLAIM_LUCK_SEED)
    hard, normal = (sum(event.luck[seat] for event in events) for seat in range(2))
    (dealt,) = (e.luck[1] for e in events if e.kind == "deal" and e.seat == 1)
    assert hard > 0 > dealt > normal
    said = (
        "In one game between the hard and the normal player (two players), the cards gave "
        f"the hard player +{pts(hard)} points in all and the normal one "
        f"\N{MINUS SIGN}{pts(-normal)}, the normal player's deal alone "
        f"\N{MINUS SIGN}{pts(-dealt)} points by their own view"
    )
    assert said in text(), said
