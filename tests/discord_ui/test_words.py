"""What the bot's words say (their limits are in test_message_limits)."""

from __future__ import annotations

import asyncio

import pytest

from bot.discord_ui import text
from bot.discord_ui.ladder_messages import leaderboard_embed
from bot.games.claimit import words
from bot.games.claimit.face import CLAIMIT_FACE
from bot.ladder import PROVISIONAL_GAMES, Rating
from bot.service import Leaderboard
from bot.storage import LadderEntry, RatingChange
from engine.claimit import GameState, Roll, apply
from tests.discord_ui.test_message_limits import game


def placement_prompt(dice: tuple[int, int, int]) -> str:
    state, _ = apply(GameState.new(2), Roll(dice))
    message = asyncio.run(CLAIMIT_FACE.turn(game(state), "Rolled.", None))
    assert message.embed.description is not None
    return message.embed.description


def test_one_placement_is_named_alone_and_several_as_a_range() -> None:
    assert "choose a placement (A)." in placement_prompt((1, 1, 1))
    several = placement_prompt((1, 2, 3))
    assert "choose a placement (A–" in several and "(A–A)" not in several


def test_the_rules_explain_the_variant_that_new_and_settings_offer() -> None:
    english = words.rules("en-US")
    assert "Rule variant" in english and "variant:True" in english
    german = words.rules("de")
    assert "Regelvariante" in german and "variant:True" in german


def test_rating_changes_say_why_they_can_surprise() -> None:
    first = RatingChange(1, "Ann", None, Rating(27.6, 8.1), 1)
    settled = RatingChange(2, "Bo", Rating(30.0, 5.0), Rating(30.5, 4.9), PROVISIONAL_GAMES)
    with_computer = text.rating_changes([first, settled], computers=True)
    assert "Ann: 1,000 → **1,132?** (+132) · first rated game" in with_computer
    assert "Bo: 1,600 → **1,632** (+32)" in with_computer
    assert "Computer players aren't rated" in with_computer
    assert "provisional (?)" in with_computer
    among_people = text.rating_changes([settled], computers=False)
    assert "Computer" not in among_people and "provisional" not in among_people


def entry(place: int, wins: int, rated_games: int) -> LadderEntry:
    figures = {"best_mine": 7}
    return LadderEntry(place, place, f"P{place}", Rating(30.0, 5.0), 9, wins, figures, rated_games)


@pytest.mark.parametrize(
    ("wins", "rated_games", "medal"),
    [
        (1, PROVISIONAL_GAMES, True),
        (0, PROVISIONAL_GAMES, False),
        (3, PROVISIONAL_GAMES - 1, False),
    ],
)
def test_a_medal_needs_a_settled_rating_and_a_win(wins: int, rated_games: int, medal: bool) -> None:
    board = Leaderboard([entry(1, wins, rated_games)], 1, 1, 1, None)
    embed = leaderboard_embed(board, "claimit", "Prospectors")
    assert embed.description is not None
    assert embed.description.startswith("🥇" if medal else "`1.`")
    assert embed.description.count("?") == int(rated_games < PROVISIONAL_GAMES)
    assert embed.footer.text is not None and "provisional" in embed.footer.text
