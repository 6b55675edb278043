"""Playing's worked example "Gold Nuggets, by hand" is the product's own arithmetic: every
figure it states, computed here by the judge, the win-chance model and the roll's luck,
and found in the guide's words."""

from __future__ import annotations

from pathlib import Path

from bot.games.gold_nuggets.analysis import ANALYST
from engine.gold_nuggets import Roll, apply
from engine.gold_nuggets.dice import Face
from engine.gold_nuggets.roll_luck import roll_luck
from engine.gold_nuggets.win_chance import chances
from tests.engine.gold_nuggets.play import position

MINUS = "\u2212"
"""The guide writes a minus as a minus sign."""
GUIDE = Path(__file__).resolve().parents[3] / "docs" / "playing.md"


def example() -> str:
    """The example's paragraph, on one line."""
    text = GUIDE.read_text(encoding="utf-8")
    start = text.index("**Gold Nuggets, by hand.**")
    return " ".join(text[start : text.index("\n\n", start)].split())


def points(chance: float) -> str:
    return f"{chance * 100:.1f}"


def signed(luck: float) -> str:
    return f"{'+' if luck > 0 else MINUS}{abs(luck) * 100:.1f}"


def test_the_worked_example_states_what_the_product_computes() -> None:
    ann = position(players=2, phase="decide", aside={"L": 3, "3": 3}, centre=1, nuggets=[36, 40])
    weighed = ANALYST.weighed(ann, 0)
    assert weighed is not None and weighed.exact
    chance = {option: float(worth) for option, worth in weighed.chances}
    assert weighed.best == "take=1", "the hint says steal"
    after = {face: chances(apply(ann, Roll((Face(face),))).state)[0] for face in "LN2345"}
    assert after["L"] == after["3"] and after["2"] == after["4"] == after["5"]
    luck = {face: roll_luck(ann, [Roll((Face(face),))])[0].luck for face in "LN2"}
    said = example()
    stated = {
        "taking": f"end the game with Bo ahead: {chance['take']:.0%}",
        "the steal": f"her chance is {points(chance['take=1'])}%",
        "a lasso or a 3": f"her chance is {points(after['L'])}%",
        "a nugget": f"40 to 36: {points(after['N'])}%",
        "a bust": f"Ann's chance is {points(after['2'])}%",
        "rolling": f"rolling is worth {points(chance['roll'])}%",
        "the steal's margin": f"better by {points(chance['take=1'] - chance['roll'])} points",
        "the nugget's luck": f"nugget would have been {signed(luck['N'][0])} points",
        "Bo's": f"(and {signed(luck['N'][1])} for Bo)",
        "a lasso's luck": f"a lasso or a 3 {signed(luck['L'][0])},",
        "a bust's luck": f"a bust {signed(luck['2'][0])}.",
    }
    missing = {name: words for name, words in stated.items() if words not in said}
    assert not missing, (missing, said)
