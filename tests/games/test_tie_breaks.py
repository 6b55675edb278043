"""Every result names the tie-break that settled it (the rulebook's), or that the players
share the win: a game decided on its first criterion says nothing more."""

from __future__ import annotations

from bot.games import shared_words
from bot.games.claimit import words as claimit_words
from bot.games.gold_nuggets import words as nuggets_words
from bot.storage import Result
from i18n import english, language
from tests.discord_ui.test_words import lobby

EN = english()
MINE = ("largest mine", "claims", "spaces")


def test_a_win_on_the_first_criterion_needs_no_word() -> None:
    assert shared_words.decided(MINE, [("Ann", (6, 2, 9))], ("Bo", (5, 4, 12)), EN) is None


def test_a_tie_break_names_what_was_level_and_what_decided() -> None:
    said = shared_words.decided(MINE, [("Bo", (5, 3, 9))], ("Ann", (5, 2, 12)), EN)
    assert said == "Bo and Ann are level on largest mine; Bo wins on claims (3 to 2)."
    said = shared_words.decided(MINE, [("Bo", (5, 3, 9))], ("Ann", (5, 3, 8)), EN)
    assert said == "Bo and Ann are level on largest mine and claims; Bo wins on spaces (9 to 8)."


def test_a_shared_win_says_on_what_the_winners_are_level() -> None:
    said = shared_words.decided(MINE, [("Ann", (5, 3, 9)), ("Bo", (5, 3, 9))], None, EN)
    assert said == "Ann and Bo share the win: level on largest mine, claims, and spaces."
    assert shared_words.decided(("nuggets",), [("Ann", (20,))], None, EN) is None
    german = shared_words.decided(
        ("Nuggets",), [("Ann", (20,)), ("Bo", (20,))], None, language("de")
    )
    assert german is not None and "Ann und Bo" in german


def test_a_claim_it_result_explains_its_tie_break_and_a_nuggets_one_its_shared_win() -> None:
    game = lobby("claimit", 3)

    def result(seat: int, place: int, mine: int, claims: int, spaces: int) -> Result:
        figures = {"largest_mine": mine, "claims": claims, "spaces": spaces}
        return Result(
            seat, 100 + seat, game.seats[seat].display_name, place == 1, place, False, figures
        )

    table = claimit_words.results(
        game, (result(0, 2, 5, 2, 12), result(1, 1, 5, 3, 9), result(2, 3, 3, 1, 4)), EN
    )
    assert table.split("\n")[-1] == (
        "**Bo** and **Ann** are level on largest mine; **Bo** wins on claims (3 to 2)."
    )
    plain = claimit_words.results(
        game, (result(0, 1, 6, 2, 12), result(1, 2, 5, 3, 9), result(2, 3, 3, 1, 4)), EN
    )
    assert "level" not in plain and "share" not in plain

    nuggets = lobby("nuggets", 2)
    level = tuple(
        Result(s, 100 + s, nuggets.seats[s].display_name, True, 1, False, {"nuggets": 20})
        for s in range(2)
    )
    assert nuggets_words.results(nuggets, level, EN).split("\n")[-1] == (
        "**Ann** and **Bo** share the win: level on nuggets."
    )
