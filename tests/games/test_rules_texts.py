"""The rules texts `/<game> rules` shows: one per game and language, each fitting the one
message the platform makes of it, and every translation saying what the English says."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from bot.discord_ui.limits import CONTENT
from bot.games.registry import GAMES
from i18n import DEFAULT, LANGUAGES

EMBEDS = 10
"""Discord's most embeds in one message: a longer text is sent as an embed per part."""
PART = 4000
"""An embed description holds 4,096 characters; kept lower for the first one's title."""
WHOLE = 5800
"""All of a message's embeds hold 6,000 characters, titles included."""
ENGLISH_ONLY = re.compile(r"\b(the|and|you|your|with)\b", re.IGNORECASE)
"""Words so common in English that a translated text holding one has an untranslated
sentence left in it."""


def rules_dir(kind: str) -> Path:
    return Path(inspect.getfile(type(GAMES[kind]))).with_name("rules")


def rules_text(kind: str, code: str) -> str:
    # Read as the face reads it: the message is the text without its final newline.
    return (rules_dir(kind) / f"{code}.md").read_text(encoding="utf-8").strip()


def parts(text: str) -> list[str]:
    """The embeds the platform sends for a text too long for a message's content."""
    return [part.strip() for part in text.split("\n\n") if part.strip()]


TEXTS = [(kind, code) for kind in sorted(GAMES) for code in LANGUAGES]
TRANSLATIONS = [(kind, code) for kind, code in TEXTS if code != DEFAULT]


def test_the_games_and_languages_are_all_here() -> None:
    assert {"claimit", "nuggets", "claim"} <= set(GAMES)
    assert DEFAULT == "en" and "de" in LANGUAGES


@pytest.mark.parametrize(("kind", "code"), TEXTS)
def test_each_rules_text_fits_one_message(kind: str, code: str) -> None:
    text = rules_text(kind, code)
    assert text.startswith("**"), "the game's name comes first, in bold"
    if len(text) <= CONTENT:
        return
    pieces = parts(text)
    assert len(pieces) <= EMBEDS
    assert max(len(p) for p in pieces) <= PART
    assert len(text) <= WHOLE


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
