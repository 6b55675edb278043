"""One numbering of a game's moves: the move the report of what decided a game names is
the step its step-through shows under the same number, what happened in that move written
under it; the start before move 1; a chapter offered from the move it begins with; and
the replay's frames counted the same way."""

from __future__ import annotations

import random

import pytest

from bot.discord_ui.core.step_through.cards import step_card
from bot.games.face import BaseFace, seat_names
from bot.games.faces import face_for
from bot.games.registration import Registration
from bot.games.replay import step_showing
from i18n import Language, english, language
from tests.games.test_contract import GAMES, LANGS
from tests.games.test_replay_chapters import PNG, controls, replayed
from tests.layouts import sent_body


def heading(text: str) -> str:
    """A step's counter, after its chapter's name."""
    return text.split("\n", 1)[0].rsplit(" · ", 1)[-1]


@GAMES
def test_the_move_a_report_names_is_the_step_shown_under_its_number(
    game: Registration,
) -> None:
    lang = english()
    outcomes, replay = replayed(game.kind, 5, lang)
    face = face_for(game.kind)
    assert isinstance(face, BaseFace)
    names = seat_names(outcomes[-1].game, lang)
    total = len(outcomes)
    for index in random.Random(game.kind).sample(range(total), 8):
        outcome = outcomes[index]
        step = step_showing(index)
        card = step_card(replay, step, PNG, game.kind, 1, "Game #1", lang)
        assert heading(card.text) == f"Move {index + 1} of {total}"
        said = card.text.split("\n", 1)[1]
        moved = face.replay_step(names, outcome, lang).caption
        assert said == moved, "what that move did, not the one before it"
        assert card.image is not None
        assert card.image.description.startswith(f"Game #1 · Move {index + 1} of {total}: ")
    start = step_card(replay, 0, PNG, game.kind, 1, "Game #1", lang)
    assert heading(start.text) == f"Before move 1 of {total}"
    assert start.text.split("\n", 1)[1] == replay.steps[0].caption, "the opening line"


@GAMES
@LANGS
def test_a_chapter_is_offered_from_the_move_it_begins_with(
    game: Registration, lang: Language
) -> None:
    _, replay = replayed(game.kind, 2, lang)
    card = step_card(replay, 0, PNG, game.kind, 1, "Game #1", lang)
    (menu,) = [c for c in controls(sent_body(card)) if c["type"] == 3]
    said = [option["description"] for option in menu["options"]]
    first = "From the start" if lang.code == "en" else "Vom Anfang an"
    later = "From move {n}" if lang.code == "en" else "Ab Zug {n}"
    offered = [c.step for c in replay.chapters][: len(said)]
    assert said == [first] + [later.format(n=step) for step in offered[1:]]


@pytest.mark.parametrize("index", [0, 41])
def test_german_counts_moves_too(index: int) -> None:
    german = language("de")
    outcomes, replay = replayed("claimit", 5, german)
    card = step_card(replay, step_showing(index), PNG, "claimit", 1, "Spiel #1", german)
    assert heading(card.text) == f"Zug {index + 1} von {len(outcomes)}"
    start = step_card(replay, 0, PNG, "claimit", 1, "Spiel #1", german)
    assert heading(start.text) == f"Vor Zug 1 von {len(outcomes)}"
