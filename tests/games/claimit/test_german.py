"""Claim It! in German: every kind of message its face makes, and every word drawn on its
board, holds no word that only the English source text uses."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Callable, Coroutine, Iterator
from dataclasses import replace
from functools import partial
from typing import Any

import pytest

from bot.discord_ui import face_drawing
from bot.discord_ui.card_layout import Rows, layout
from bot.discord_ui.part_registry import controls_drawn
from bot.games.claimit.face import CLAIMIT_FACE
from bot.games.claimit.game import CLAIMIT
from bot.games.face import Picture
from bot.games.outcome import Outcome
from bot.games.rules import IllegalIntent
from bot.storage import LadderEntry, PlayerRecord, RatingChange
from bot.storage.ratings import Rating
from engine.claimit import (
    Bust,
    GameState,
    LastRoundCalled,
    Passed,
    Phase,
    Place,
    Roll,
    Stop,
    TimeOut,
    apply,
    roll_odds,
)
from i18n import Language, english, language
from render.claimit import View
from render.claimit.board_image import labels
from render.claimit.pictures import render_board
from tests.engine.claimit.positions import EXAMPLE_4_BOARD, claimed_row, position
from tests.games.claimit.tables import NAMES, outcome, table
from tests.games.stored import BIG_ID
from tests.i18n_words import drawn_by, english_in, shown_in
from tests.layouts import components, controls_card

DRAWN = controls_drawn()
"""The controls a game's face describes, drawn by the bot's features."""

GERMAN = language("de")
PERCENT = re.compile(r"\*\*\d+,\d\xa0%\*\*")
"""German writes a percentage with a decimal comma and a space before the sign."""


def last_round_called() -> GameState:
    """Seat 0 of two, mid-turn, stopping now calls the last round (13 claimed spaces)."""
    board = claimed_row(0, 1) | claimed_row(0, 2, range(1, 6))
    board |= {"6,6": ["P0", "C"], "6,5": ["P0", "C"]}
    return position(board)


def marks_placed() -> GameState:
    """Rulebook example 4: seat 0 of three, four marks placed this turn."""
    return position(EXAMPLE_4_BOARD, players=3)


def claim_to_place() -> GameState:
    """A roll whose choices include a claim marker on the mover's own marker."""
    return apply(position({"1,2": ["P0"]}), Roll((1, 2, 3))).state


def placing(state: GameState, *, claim: bool) -> Place:
    """The first of the roll's placements of a claim marker, or of a squatter."""
    return Place(next(p for p in state.pending_placements() if (p.marker == "C") == claim))


def outcomes() -> Iterator[tuple[str, Outcome]]:
    """An outcome of every action and event kind."""
    rolled = outcome(GameState.new(2), Roll((1, 2, 3)))
    yield "roll", rolled
    busted = outcome(marks_placed(), Roll((6, 3, 4)))
    assert any(isinstance(e, Bust) for e in busted.events)
    yield "bust", busted
    yield "place claim", outcome(claim_to_place(), placing(claim_to_place(), claim=True))
    yield "place squatter", outcome(rolled.state, placing(rolled.state, claim=False))
    yield "stop", outcome(marks_placed(), Stop())
    passed = outcome(GameState.new(2), TimeOut())
    assert any(isinstance(e, Passed) for e in passed.events)
    yield "time-out, nothing placed", passed
    yield "time-out with marks", outcome(marks_placed(), TimeOut())
    called = outcome(last_round_called(), Stop())
    assert any(isinstance(e, LastRoundCalled) for e in called.events)
    yield "last round", called


def final(shared: bool) -> Outcome:
    """The move that ends a game of two: one winner, or two sharing the win."""
    board = {"1,1": ["C", "P0"], "1,2": ["P0"], "4,4": ["C", "P1"], "4,5": ["P1"]}
    if not shared:
        board["6,6"] = ["P1"]
    before = position(board, turn=1, last_round={"caller": 0, "turns_left": 1})
    ended = outcome(before, TimeOut())
    assert ended.state.phase is Phase.OVER
    assert sum(r.won for r in ended.results) == (2 if shared else 1)
    changes = tuple(
        RatingChange(BIG_ID - n, NAMES[n], None if n else Rating(25.0, 8.0), Rating(27.0, 6.0), 3)
        for n in range(2)
    )
    return replace(ended, rating_changes=changes)


def turns() -> Iterator[tuple[str, GameState, Outcome | None]]:
    """The turn message in each phase, with the move that led there."""
    yield "roll, nothing placed", GameState.new(2), None
    placed = outcome(claim_to_place(), placing(claim_to_place(), claim=True))
    yield "roll, marks placed", placed.state, placed
    rolled = outcome(GameState.new(3), Roll((1, 2, 3)))
    assert len(rolled.state.pending_placements()) > 1
    yield "place, lettered choices", rolled.state, rolled
    called = outcome(last_round_called(), Stop())
    yield "last round called", called.state, called


def buttons_shown(rows: Rows) -> list[str]:
    """The texts of a game's buttons and menus, as their card sends them."""
    return shown_in(components(layout(controls_card(rows))))


def shown_and_drawn(
    make: Callable[[], Coroutine[Any, Any, Picture]],
) -> tuple[list[str], list[str]]:
    """The texts of a picture's card, its description among them, and those drawn on its
    image."""
    pictures: list[Picture] = []
    drawn = drawn_by(lambda: pictures.append(asyncio.run(make())))
    (picture,) = pictures
    shown = shown_in(components(layout(face_drawing.drawn(picture))))
    assert picture.description in shown
    return shown, drawn


def refusals(lang: Language) -> Iterator[tuple[str, str]]:
    """Every refusal a bad intent meets, in ``lang``."""
    rolled = apply(GameState.new(2), Roll((1, 1, 1))).state
    assert len(rolled.pending_placements()) == 1
    chance = random.Random(1)
    over = final(shared=False).state
    bad: list[tuple[str, GameState, str]] = [
        ("letter beyond the choices", rolled, "B"),
        ("letter before a roll", GameState.new(2), "A"),
        ("letter after the game", over, "A"),
        ("not a placement", rolled, "S7@1,1"),
        ("claim that the roll doesn't allow", rolled, "C@1,1"),
        ("squatter that the roll doesn't allow", rolled, "S1@6,6"),
        ("placement before a roll", GameState.new(2), "S1@1,1"),
        ("roll before placing", rolled, "roll"),
        ("stop before placing", rolled, "stop"),
        ("stop with nothing placed", GameState.new(2), "stop"),
        ("roll after the game", over, "roll"),
    ]
    for why, state, intent in bad:
        with pytest.raises(IllegalIntent) as refused:
            seat = state.turn
            CLAIMIT.apply(state, seat, CLAIMIT.action(state, seat, intent, chance))
        yield why, lang.say(refused.value.words)
    for why, action in (("dice that aren't dice", Roll((7, 1, 1))), ("no action", object())):
        with pytest.raises(IllegalIntent) as refused:
            CLAIMIT.apply(GameState.new(2), 0, action)  # type: ignore[arg-type]
        yield why, lang.say(refused.value.words)


def every_text(lang: Language) -> dict[str, list[str]]:
    """Every text Claim It!'s face shows, or draws, in ``lang``, by what it is."""
    face = CLAIMIT_FACE
    texts: dict[str, list[str]] = {}
    for name, happened in outcomes():
        headline = face.happened(happened, lang)
        texts[f"happened: {name}"] = [headline]
        if happened.turn_over:
            shown, drawn = shown_and_drawn(partial(face.turn_end, happened, headline, lang))
            texts[f"turn end: {name}"], texts[f"turn end image: {name}"] = shown, drawn
    for name, state, last in turns():
        game = table(state)
        headline = face.happened(last, lang) if last is not None else "…"
        shown, drawn = shown_and_drawn(partial(face.turn, game, headline, last, lang))
        texts[f"turn: {name}"], texts[f"turn image: {name}"] = shown, drawn
        texts[f"buttons: {name}"] = buttons_shown(face_drawing.buttons(game, lang, DRAWN))
    for shared in (False, True):
        ended = final(shared)
        headline = face.happened(ended, lang)
        shown, drawn = shown_and_drawn(partial(face.result, ended, headline, lang))
        texts[f"result, shared {shared}"], texts[f"result image, shared {shared}"] = shown, drawn
    for on in (False, True):
        texts[f"options {on}"] = [
            t for field in face.option_fields({"variant": on}, lang) for t in field
        ]
    entry = LadderEntry(1, BIG_ID, "Anke", Rating(30.0, 5.0), 9, 4, {"best_mine": 7}, 9)
    texts["ladder"] = [face.ladder_figure(entry, lang)]
    texts["stats"] = [t for field in face.stats_fields(record(), lang) for t in field]
    texts["rules"] = [face.rules(lang)]
    texts["refusals"] = [words for _, words in refusals(lang)]
    texts["board labels"] = [
        label.text for state, view in boards(lang) for label in labels(state, view)
    ]
    texts["boards"] = [
        text
        for state, view in boards(lang)
        for text in drawn_by(partial(render_board, state, view))
    ]
    return texts


def record() -> PlayerRecord:
    figures = {
        "best_mine": 9,
        "mine_total": 1234,
        "claims": 4567,
        "turns": 1200,
        "busts": 301,
        "best_turn": 6,
    }
    return PlayerRecord(
        BIG_ID, "claimit", BIG_ID, "Anke", 210, 40, 10, figures, 1.0, Rating(30.0, 5.0), 200
    )


def boards(lang: Language) -> list[tuple[GameState, View]]:
    """Boards with every status: a bust in the last round, no claim markers left, a
    missing name."""
    last_round = position(EXAMPLE_4_BOARD, players=3, last_round={"caller": 1, "turns_left": 2})
    out_of_claims = position(
        {f"{c},{r}": ["C", f"P{r % 2}"] for c in range(1, 7) for r in range(1, 6)}, turn=0
    )
    names = ("Anke", None, "🎲🎲")
    return [
        (last_round, View(names, rolled=(6, 3, 4), bust=0, lang=lang)),
        (last_round, View(names, rolled=(6, 3, 4), lang=lang)),
        (out_of_claims, View(names[:2], lang=lang)),
    ]


def test_every_text_of_the_face_and_its_images_is_german() -> None:
    texts = every_text(GERMAN)
    for what, shown in texts.items():
        assert shown, what
        assert english_in(shown) == {}, what


def test_the_same_texts_in_english_are_caught() -> None:
    """The check above can fail: in English, each kind of text has English-only words."""
    texts = every_text(english())
    for what, shown in texts.items():
        # The rules are another file per language, checked in German above.
        if what != "rules":
            assert english_in(shown) != {}, what


def test_german_formats_numbers_and_the_bust_chance() -> None:
    state = marks_placed()
    picture = asyncio.run(CLAIMIT_FACE.turn(table(state), "…", None, GERMAN))
    description = face_drawing.drawn(picture).text
    chance = GERMAN.percent(float(roll_odds(state).bust))
    assert "," in chance and chance.endswith("\xa0%")
    assert f"**{chance}**" in description and PERCENT.search(description)
    assert "Marker" in description
    stats = dict(CLAIMIT_FACE.stats_fields(record(), GERMAN))
    assert any("4.567" in value for value in stats.values())
    assert any("0,25" in value for value in stats.values())
    assert any("6,2" in value for value in stats.values())


def test_the_result_is_one_german_line_per_player_best_first() -> None:
    for shared in (False, True):
        description = face_drawing.drawn(
            asyncio.run(CLAIMIT_FACE.result(final(shared), "…", GERMAN))
        ).text
        standing = [line for line in description.splitlines() if "größte Mine" in line]
        assert len(standing) == 2
        for line in standing:
            assert re.fullmatch(
                r"(🏆 )?[12]\. \*\*.+\*\*: größte Mine \d+, Claims \d+, Felder \d+", line
            ), line
        assert sum(line.startswith("🏆 1. ") for line in standing) == (2 if shared else 1)
        assert "```" not in description


def test_placements_name_their_space_the_german_way() -> None:
    rolled = apply(GameState.new(2), Roll((1, 2, 3))).state
    shown = buttons_shown(face_drawing.buttons(table(rolled), GERMAN, DRAWN))
    assert len(shown) == len(rolled.pending_placements())
    for label in shown:
        assert re.fullmatch(r"[A-F]: Besetzer [1-6] auf \([1-6]\|[1-6]\)", label), label


def test_each_refusal_is_put_into_the_readers_language() -> None:
    german, in_english = dict(refusals(GERMAN)), dict(refusals(english()))
    assert german.keys() == in_english.keys()
    for why, words in german.items():
        assert words != in_english[why], why
