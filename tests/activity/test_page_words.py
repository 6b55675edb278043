"""The page writes nothing of its own: every word it asks for (``t('key', …)`` in its
sources) comes with the server's welcome, the games' board words from each game's face
(``GameFace.board_words``), keyed by the game's kind, in the viewer's language."""

from __future__ import annotations

import re
from pathlib import Path

from bot.activity.page_words import page_words
from bot.games.faces import face_for
from bot.games.registry import REGISTERED
from i18n import english, language

SOURCES = Path(__file__).resolve().parents[2] / "bot" / "activity" / "page" / "src"
ASKED = re.compile(r"\bt\(\s*'([\w.]+)'")


def asked() -> set[str]:
    """The keys the page's sources ask for by name."""
    return {key for path in SOURCES.rglob("*.ts") for key in ASKED.findall(path.read_text())}


def test_every_word_the_page_asks_for_is_sent_in_every_language() -> None:
    keys = asked()
    assert {"claimit.mine", "nuggets.lassos", "claim.team", "back"} <= keys
    for lang in (english(), language("de")):
        words = page_words(lang)
        # A word with a count comes in its plural forms, "other" among them.
        assert {k for k in keys if k not in words and f"{k}.other" not in words} == set()


def test_each_game_brings_its_boards_words_keyed_by_its_kind() -> None:
    german = page_words(language("de"))
    for game in REGISTERED:
        words = face_for(game.kind).board_words(language("de"))
        assert words
        assert {key.partition(".")[0] for key in words} == {game.kind}
        assert {key: german[key] for key in words} == dict(words)
    assert german["claimit.mine"] == "größte Mine {n}"
    assert german["nuggets.lassos"] == "Lassos zum Stehlen: {count} von {needed}"
    assert german["claim.followers.other"] == (
        "Deine {n} Anhänger, verdeckt (deine Hand in Phase 2)"
    )
