"""Every kind of message and image that the German tests of Claim and Gold Nuggets gather
(``said``, by kind) has no English word left, and the same in English is caught, which shows
that the check sees English where it is."""

from __future__ import annotations

from types import ModuleType

import pytest

from tests.games.claim import test_german as claim
from tests.games.gold_nuggets import test_german as gold_nuggets
from tests.i18n_words import english_in

GAMES: dict[str, ModuleType] = {"claim": claim, "gold_nuggets": gold_nuggets}
TEXTS = [(game, kind) for game, module in GAMES.items() for kind in module.KINDS]
IMAGES = [(game, kind) for game, module in GAMES.items() for kind in module.IMAGE_KINDS]


@pytest.mark.parametrize(("game", "kind"), TEXTS)
def test_every_message_is_in_german(game: str, kind: str) -> None:
    assert english_in(GAMES[game].said("de").texts[kind]) == {}


@pytest.mark.parametrize(("game", "kind"), IMAGES)
def test_every_word_on_the_images_is_in_german(game: str, kind: str) -> None:
    assert english_in(GAMES[game].said("de").drawn[kind]) == {}


@pytest.mark.parametrize(("game", "kind"), TEXTS)
def test_the_same_messages_in_english_are_caught(game: str, kind: str) -> None:
    assert english_in(GAMES[game].said("en").texts[kind]) != {}


@pytest.mark.parametrize(("game", "kind"), IMAGES)
def test_the_same_images_in_english_are_caught(game: str, kind: str) -> None:
    assert english_in(GAMES[game].said("en").drawn[kind]) != {}
