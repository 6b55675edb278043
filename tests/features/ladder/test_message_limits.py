"""The ladder's messages (a full leaderboard page, the stats of a long career, the history
of many games) stay within Discord's limits, built from the worst inputs there are in every
language, as in the core's ``tests/discord_ui/test_message_limits.py``."""

from __future__ import annotations

from dataclasses import replace

from bot.features.ladder.discord.components import LadderPageButton
from bot.features.ladder.discord.messages import history_card, leaderboard_card, stats_card
from bot.features.ladder.service import Leaderboard, PlayerStats
from bot.storage import (
    FinishedGame,
    LadderEntry,
    PlayerRecord,
    Result,
)
from i18n import Language
from tests.discord_ui.test_message_limits import (
    NAMES,
    RATING,
    WORST_FIGURES,
    every_language,
    within_limits,
)
from tests.games.stored import BIG_ID
from tests.layouts import sent_body

SERVER = "_" * 100


WORST_RECORD = {
    "best_mine": 36,
    "mine_total": 10**7,
    "claims": 10**7,
    "turns": 10**7,
    "busts": 10**6,
    "best_turn": 36,
}


@every_language
def test_a_full_leaderboard_page_with_the_callers_line(lang: Language) -> None:
    entries = [
        LadderEntry(n, BIG_ID - n, NAMES[n % 5], RATING, 10**6, 10**6, WORST_RECORD, 1)
        for n in range(1, 11)
    ]
    caller = replace(entries[0], place=10**6)
    board = Leaderboard(entries, 10**5, 10**5, 10**6, caller)
    pages = (
        (
            LadderPageButton("claimit", 10**5 - 1, label="◀ Previous"),
            LadderPageButton("claimit", 10**5 + 1, label="Next ▶"),
        ),
    )
    card = leaderboard_card(board, "claimit", SERVER, lang, pages)
    within_limits(sent_body(replace(card, note="x" * 200)))


@every_language
def test_the_stats_of_a_long_career(lang: Language) -> None:
    record = PlayerRecord(
        BIG_ID, "claimit", BIG_ID, NAMES[0], 10**6, 10**6, 10**5, WORST_RECORD,
        4_102_444_800.0, RATING, 10**6,
    )  # fmt: skip
    stats = PlayerStats(record, 10**6, 10**6, [RATING] * 11)
    avatar = "https://cdn.discordapp.com/avatars/" + "9" * 19 + "/" + "a" * 32 + ".png?size=1024"
    within_limits(sent_body(stats_card(stats, "claimit", avatar, lang)))


@every_language
def test_ten_games_of_five_players_in_the_history(lang: Language) -> None:
    games = [
        FinishedGame(
            BIG_ID - n,
            4_102_444_800.0,
            BIG_ID,
            BIG_ID,
            False,
            tuple(
                Result(s, BIG_ID - s, NAMES[s], s < 2, 1 + s, True, WORST_FIGURES) for s in range(5)
            ),
        )
        for n in range(10)
    ]
    card = history_card(games, "claimit", BIG_ID, SERVER, lang)
    within_limits(sent_body(card))
    assert "…" in card.text
