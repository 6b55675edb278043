"""What the ladder's words say: a medal only for a settled rating and a win."""

from __future__ import annotations

import pytest

from bot.features.ladder.discord.messages import leaderboard_card
from bot.features.ladder.service import Leaderboard
from bot.storage import LadderEntry
from bot.storage.ratings import PROVISIONAL_GAMES, Rating
from i18n import english


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
    card = leaderboard_card(board, "claimit", "Prospectors", english())
    assert card.text.startswith("🥇" if medal else "`1.`")
    assert card.text.count("?") == int(rated_games < PROVISIONAL_GAMES)
    assert card.footer is not None and "provisional" in card.footer
