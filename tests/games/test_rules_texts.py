"""The rules texts `/<game> rules` shows: one per game and language, each fitting the cards
the platform makes of it, and every translation saying what the English says."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from bot.discord_ui.core.turns.commands import rules_cards
from bot.games.faces import face_for
from bot.games.registry import GAMES
from emulator import message_problems
from i18n import DEFAULT, LANGUAGES
from tests.layouts import sent_body

MOST_CARDS = 2
"""Messages one ``/<game> rules`` answers with at most: the reply and one follow-up."""
ENGLISH_ONLY = re.compile(r"\b(the|and|you|your|with)\b", re.IGNORECASE)
"""Words so common in English that a translated text holding one has an untranslated
sentence left in it."""


def rules_dir(kind: str) -> Path:
    return Path(inspect.getfile(type(GAMES[kind]))).with_name("rules")


def rules_text(kind: str, code: str) -> str:
    # Read as the face reads it: the message is the text without its final newline.
    return (rules_dir(kind) / f"{code}.md").read_text(encoding="utf-8").strip()


def parts(text: str) -> list[str]:
    """The text's parts, separated by a blank line, which the platform keeps whole."""
    return [part.strip() for part in text.split("\n\n") if part.strip()]


TEXTS = [(kind, code) for kind in sorted(GAMES) for code in LANGUAGES]
TRANSLATIONS = [(kind, code) for kind, code in TEXTS if code != DEFAULT]


def test_the_games_and_languages_are_all_here() -> None:
    assert {"claimit", "nuggets", "claim"} <= set(GAMES)
    assert DEFAULT == "en" and "de" in LANGUAGES


@pytest.mark.parametrize(("kind", "code"), TEXTS)
def test_each_rules_text_fits_its_cards_whole(kind: str, code: str) -> None:
    text = rules_text(kind, code)
    assert text.startswith("**"), "the game's name comes first, in bold"
    title = face_for(kind).title
    cards = rules_cards(title, text)
    assert 1 <= len(cards) <= MOST_CARDS, len(cards)
    for card in cards:
        assert message_problems(sent_body(card)) == [], [
            str(problem) for problem in message_problems(sent_body(card))
        ]
    # Nothing cut short or left out: the cards, read one after another, are the text.
    assert "\n\n".join(card.text for card in cards) == "\n\n".join(parts(text))
    assert [card.title for card in cards] == [title] + [None] * (len(cards) - 1)


@pytest.mark.parametrize(("kind", "code"), TRANSLATIONS)
def test_a_translation_gives_every_number_the_english_gives(kind: str, code: str) -> None:
    english = set(re.findall(r"\d+", rules_text(kind, DEFAULT)))
    translated = set(re.findall(r"\d+", rules_text(kind, code)))
    assert english - translated == set()


@pytest.mark.parametrize(("kind", "code"), TRANSLATIONS)
def test_a_translation_has_no_english_sentence_left(kind: str, code: str) -> None:
    text = rules_text(kind, code)
    assert ENGLISH_ONLY.findall(text) == []
    assert ENGLISH_ONLY.findall(rules_text(kind, DEFAULT)), "the check would see English"
