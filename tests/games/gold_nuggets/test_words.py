"""What Gold Nuggets' messages say: a line for each thing that can happen, and the rules."""

from __future__ import annotations

import pytest

from bot.discord_ui.core.turns.commands import rules_cards
from bot.games.gold_nuggets import words
from bot.games.gold_nuggets.face import NUGGETS_FACE
from emulator import message_problems
from engine.gold_nuggets import Action, Counts, GameState, Phase, Roll, SetAside, Take, TimeOut
from i18n import Language, english, language
from tests.engine.gold_nuggets.play import faces
from tests.games.gold_nuggets.tables import outcome
from tests.layouts import sent_body

START = GameState(3, 1, Phase.ROLL, 60, (10, 4, 3))
"""Seat 1, "*Bo*" (a name markdown would change), to roll."""
DECIDING = GameState(3, 1, Phase.DECIDE, 60, (10, 4, 3), Counts(nugget=2, five=3))
LASSOS = GameState(3, 1, Phase.DECIDE, 60, (10, 4, 3), Counts(lasso=3, four=3))
SEVEN = GameState(3, 1, Phase.TAKE, 60, (10, 4, 3), Counts(nugget=3, three=4))
LAST = GameState(3, 1, Phase.DECIDE, 2, (30, 25, 20), Counts(nugget=2, five=3))


def line(state: GameState, action: Action) -> str:
    return NUGGETS_FACE.happened(outcome(state, action), english())


@pytest.mark.parametrize(
    ("state", "action", "said"),
    [
        (START, Roll(faces("LN33345")), "\\*Bo\\* rolled 🪢 🪙 3️⃣ 3️⃣ 3️⃣ 4️⃣ 5️⃣."),
        (
            START,
            Roll(faces("2233445")),
            "no set-aside possible, **bust!** Nothing was set aside yet, so nothing is lost.",
        ),
        (
            DECIDING,
            Roll(faces("34")),
            "no set-aside possible, **bust!** The 5 dice set aside this turn are lost.",
        ),
        (
            GameState(3, 1, Phase.DECIDE, 60, (10, 4, 3), Counts(nugget=1)),
            Roll(faces("223344")),
            "The 1 die set aside this turn is lost.",
        ),
        (
            GameState(3, 1, Phase.SET_ASIDE, 60, (10, 4, 3), Counts(), faces("LN44423")),
            SetAside(Counts(lasso=1, four=3)),
            "\\*Bo\\* set aside 1 lasso, 3× 4: worth 4 so far, 3 dice left.",
        ),
        (
            GameState(3, 1, Phase.SET_ASIDE, 60, (10, 4, 3), Counts(nugget=3), faces("3333")),
            SetAside(Counts(three=4)),
            "all seven dice are set aside, worth 6. They take it, then play a bonus turn.",
        ),
        (DECIDING, Take(None), "\\*Bo\\* took 7 nuggets from the centre."),
        (LAST, Take(None), "\\*Bo\\* took the last 2 nuggets from the centre."),
        (
            GameState(3, 1, Phase.DECIDE, 60, (10, 4, 3), Counts(lasso=2)),
            Take(None),
            "took nothing: the dice set aside are worth 0.",
        ),
        (LASSOS, Take(0), "\\*Bo\\* stole 4 nuggets from Ann."),
        (
            LASSOS,
            Take(2),
            "\\*Bo\\* stole 3 nuggets from @\u200beveryone (all they had; the dice were worth 4).",
        ),
        (
            SEVEN,
            Take(None),
            "took 6 nuggets from the centre. "
            "All seven dice: **a bonus turn!** \\*Bo\\* rolls again.",
        ),
        (LAST, Take(None), "The centre is empty: **game over!**"),
        (
            START,
            TimeOut(),
            "⏰ \\*Bo\\*'s time ran out before rolling, so the turn passes with nothing taken.",
        ),
        (
            GameState(3, 1, Phase.SET_ASIDE, 60, (10, 4, 3), Counts(), faces("LN44423")),
            TimeOut(),
            "the most valuable choice (1 nugget, 3× 4) was set aside, "
            "and \\*Bo\\* took 5 nuggets from the centre.",
        ),
        (DECIDING, TimeOut(), "⏰ \\*Bo\\*'s time ran out, so \\*Bo\\* took 7 nuggets from"),
        (LAST, TimeOut(), "time ran out, so \\*Bo\\* took the last 2 nuggets from the centre."),
        (
            GameState(3, 1, Phase.DECIDE, 60, (10, 4, 3), Counts(lasso=2)),
            TimeOut(),
            "time ran out, so \\*Bo\\* took nothing: the dice set aside are worth 0.",
        ),
        (
            GameState(3, 1, Phase.SET_ASIDE, 60, (10, 4, 3), Counts(), faces("L223345")),
            TimeOut(),
            "the most valuable choice (1 lasso) was set aside, "
            "and \\*Bo\\* took nothing: the dice set aside are worth 0.",
        ),
        (
            GameState(3, 1, Phase.SET_ASIDE, 2, (30, 25, 20), Counts(), faces("NNN4442")),
            TimeOut(),
            "was set aside, and \\*Bo\\* took the last 2 nuggets from the centre.",
        ),
    ],
)
def test_each_thing_that_happens_has_its_line(state: GameState, action: Action, said: str) -> None:
    assert said in line(state, action)


def test_set_asides_in_plain_text() -> None:
    assert words.counts(Counts(lasso=2, nugget=1, three=3, five=4), english()) == (
        "2 lassos, 1 nugget, 3× 3, 4× 5"
    )
    assert words.choice_effect(Counts(lasso=2, four=3), Counts(lasso=1), english()) == (
        "value 4 (+0) · 1 die left · 3 lassos: steal possible"
    )
    assert words.choice_effect(Counts(nugget=3), Counts(three=4), english()) == (
        "value 6 (+3) · all seven set aside: bonus turn"
    )


@pytest.mark.parametrize(
    ("locale", "rulings"),
    [
        (
            "en-US",
            ["3 or more lassos", "a take worth 0", "**must** play a bonus turn", "share the win"],
        ),
        (
            "de",
            [
                "3 oder mehr Lassos",
                "Nehmen mit Wert 0",
                "**musst** sofort einen Bonuszug",
                "teilen",
            ],
        ),
    ],
)
def test_the_rules_say_the_house_rulings(locale: str, rulings: list[str]) -> None:
    rules = NUGGETS_FACE.rules(language(locale))
    assert rules.startswith("**Gold Nuggets**")
    for ruling in rulings:
        assert ruling in rules
    assert "exact" in rules or "exakt" in rules
    # As the platform sends them: a card per message.
    cards = rules_cards(NUGGETS_FACE.title, rules)
    assert cards
    for card in cards:
        assert message_problems(sent_body(card)) == []


def test_a_language_without_rules_of_its_own_gets_english() -> None:
    assert NUGGETS_FACE.rules(Language("fr")) == NUGGETS_FACE.rules(english())
    assert NUGGETS_FACE.rules(language("fr")) == NUGGETS_FACE.rules(english())
