"""The worked examples of Playing (``docs/playing.md``) computed by the product's code:
Claim It!'s last turn (every chance and luck it states, by ``engine.claimit``'s one value
of a position) and the luck-adjusted result (by the report's own line). The text is
built from the figures, so a change to the judge that moves one fails here until the
guide says it."""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import product
from pathlib import Path

from bot.games.analysis_words import adjusted_line
from engine.claimit import Phase, Roll, apply
from engine.claimit.roll_luck import drift, roll_luck
from engine.claimit.win_chance import chances
from i18n import english
from tests.engine.claimit.positions import claimed_row, position

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
