"""The ladder's messages in German: its leaderboard, a player's stats (rated or not), a
history of games and every answer that there is nothing to show, as
``tests/discord_ui/test_platform_german.py`` checks the platform's."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from bot.features.ladder.discord.messages import (
    history_card,
    leaderboard_card,
    no_history,
    no_ladder,
    no_stats,
    not_on_ladder,
    stats_card,
)
from bot.features.ladder.service import Leaderboard, PlayerStats
from bot.storage import FinishedGame, LadderEntry, PlayerRecord, Result
from i18n import Language
from tests.discord_ui.test_platform_german import GERMAN, RATING, says_it_all_in_german, shown


def ladder_texts(lang: Language) -> Iterator[str]:
    entries = [
        LadderEntry(n, 10 + n, name, RATING, 12, 5, {"best_mine": 7}, 40)
        for n, name in enumerate(("Ann", "Bo"), start=1)
    ]
    board = Leaderboard(entries, 1, 2, 2, replace(entries[0], place=9))
    yield from shown(leaderboard_card(board, "claimit", "Server", lang))
    record = PlayerRecord(
        1, "claimit", 11, "Ann", 12, 5, 2, {"best_mine": 7}, 4_102_444_800.0, RATING, 4
    )
    yield from shown(stats_card(PlayerStats(record, 1, 3, [RATING, RATING]), "claimit", None, lang))
    unrated = replace(record, rating=None)
    yield from shown(stats_card(PlayerStats(unrated, None, 3, []), "claimit", None, lang))
    games = [
        FinishedGame(
            7, 4_102_444_800.0, 2, 99, False,
            (Result(0, 11, "Ann", True, 1, False, {}), Result(1, 12, "Bo", False, 2, True, {})),
        )
    ]  # fmt: skip
    yield from shown(history_card(games, "claimit", 1, "Server", lang))
    for conversation in (False, True):
        yield no_ladder("claimit", lang, conversation=conversation)
        yield no_history("claimit", lang, conversation=conversation)
        yield no_stats("claimit", "Bo", True, lang, conversation=conversation)
        yield no_stats("claimit", "Bo", False, lang, conversation=conversation)
    yield not_on_ladder(lang)


def test_the_ladder_says_everything_in_german() -> None:
    says_it_all_in_german(ladder_texts)


def test_a_share_of_wins_is_a_german_percentage() -> None:
    assert "42\u00a0%" in "\n".join(ladder_texts(GERMAN))
