"""What the board (the Activity) is told beside the channel's table: the odds of the next
roll that a turn's message gives (a phone's board is its whole screen), and the moves in
words, where the channel writes dice, factions and the clock as emoji that a device may
have no font for."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from bot.activity.page_build import built_page
from bot.games.claimit import words as claimit_words
from bot.games.face import Choice
from bot.games.faces import face_for
from bot.games.gold_nuggets import words as nuggets_words
from bot.games.outcome import Outcome
from bot.games.registry import rules_for
from bot.storage import GameStatus
from engine.claimit import Phase as ClaimItPhase
from engine.claimit import TimeOut as ClaimItTimeOut
from engine.claimit import roll_odds as claimit_odds
from engine.gold_nuggets import Counts, Roll
from engine.gold_nuggets import Phase as NuggetsPhase
from engine.gold_nuggets import TimeOut as NuggetsTimeOut
from engine.gold_nuggets.odds import roll_odds as nuggets_odds
from i18n import english, language
from tests.games.stored import stored
from tests.games.test_boards import positions, seats

EMOJI = re.compile("[\u2190-\u21ff\u2300-\u27bf\u2b00-\u2bff\ufe0f\U0001f000-\U0001faff]")
"""Characters a device draws from an emoji font (arrows, symbols, pictographs, keycaps)."""


def test_a_claim_it_board_gives_the_odds_its_turn_message_gives() -> None:
    rules, face = rules_for("claimit"), face_for("claimit")
    rolling = 0
    for state, last in positions("claimit", 2, "claimit odds"):
        game = stored("claimit", state, seats(2), over=rules.is_over(state))
        for lang in (english(), language("de")):
            odds = face.board(game, None, last, lang).table["odds"]
            if state.phase is ClaimItPhase.ROLL:
                assert odds == claimit_words.odds(claimit_odds(state), lang)
                assert lang.code == "de" or odds.startswith("Chance the next roll busts")
                rolling += 1
            else:
                assert odds is None
    assert rolling


def test_a_gold_nuggets_board_gives_the_odds_of_rolling_on_against_taking() -> None:
    rules, face = rules_for("nuggets"), face_for("nuggets")
    deciding = 0
    for state, last in positions("nuggets", 3, "nuggets odds"):
        game = stored("nuggets", state, seats(3), over=rules.is_over(state))
        odds = face.board(game, 1, last, language("de")).table["odds"]
        if state.phase in (NuggetsPhase.ROLL, NuggetsPhase.DECIDE):
            assert odds == nuggets_words.odds(nuggets_odds(state), state, language("de"))
        else:
            assert odds is None
        if state.phase is NuggetsPhase.DECIDE:
            deciding += 1
            said = face.board(game, 1, last, english()).table["odds"]
            assert "Chance the next roll busts" in said and "Taking now" in said
    assert deciding


@pytest.mark.parametrize("kind", ["claimit", "nuggets"])
def test_a_cancelled_game_s_board_gives_no_odds(kind: str) -> None:
    face = face_for(kind)
    state, _ = positions(kind, 2, f"{kind} closed")[0]
    game = stored(kind, state, seats(2), over=False)
    assert face.board(game, 0, None, english()).table["odds"] is not None
    closed = replace(game, status=GameStatus.CANCELLED)
    assert face.board(closed, 0, None, english()).table["odds"] is None


def test_the_board_says_a_gold_nuggets_roll_in_words_where_the_channel_shows_emoji() -> None:
    face = face_for("nuggets")
    rolls = [
        (last, lang)
        for _, last in positions("nuggets", 2, "nuggets words")
        if last is not None and isinstance(last.action, Roll)
        for lang in (english(), language("de"))
    ]
    assert rolls
    for last, lang in rolls:
        assert isinstance(last.action, Roll)
        channel, board = face.happened(last, lang), face.board_happened(last, lang)
        assert any(emoji in channel for emoji in nuggets_words.DIE.values())
        assert not any(emoji in board for emoji in nuggets_words.DIE.values())
        assert "\ufe0f" not in board
        faces = nuggets_words.counts(Counts.of(last.action.faces), lang)
        assert faces in board
    english_roll = next(face.board_happened(last, english()) for last, _ in rolls)
    assert "rolled" in english_roll


@pytest.mark.parametrize("kind", ["claimit", "nuggets", "claim"])
def test_the_board_says_every_move_without_emoji(kind: str) -> None:
    face = face_for(kind)
    for _, last in positions(kind, 2, f"{kind} words")[1:]:
        assert last is not None
        for lang in (english(), language("de")):
            said = face.board_happened(last, lang)
            assert said.strip() and not EMOJI.search(said), said
            if kind == "claimit":
                assert said == face.happened(last, lang)


def test_the_board_says_claim_s_cards_by_their_names_alone() -> None:
    face = face_for("claim")
    last = next(last for _, last in positions("claim", 2, "claim words") if last is not None)
    channel = face.happened(last, english())
    assert re.search(r"\*\* (leads|plays) \S+ \w+ \d+", channel), channel
    said = face.board_happened(last, english())
    assert re.search(r"\*\* (leads|plays) \w+ \d+\.", said), said


@pytest.mark.parametrize("kind", ["claimit", "nuggets"])
def test_the_board_says_a_time_out_without_the_clock_emoji(kind: str) -> None:
    rules, face = rules_for(kind), face_for(kind)
    state, _ = positions(kind, 2, f"{kind} time out")[0]
    seat = rules.to_act(state)[0]
    action = ClaimItTimeOut() if kind == "claimit" else NuggetsTimeOut()
    step = rules.apply(state, seat, action)
    game = stored(kind, step.state, seats(2), over=False)
    outcome = Outcome(game, state, seat, action, step.events, step.turn_over)
    for lang in (english(), language("de")):
        channel, board = face.happened(outcome, lang), face.board_happened(outcome, lang)
        assert channel.startswith("⏰ ")
        assert board == channel.removeprefix("⏰ ")


def picture_of(emoji: str) -> str:
    """Twemoji's file for ``emoji``, as the page names it (``src/icons.js``)."""
    points = [ord(c) for c in emoji]
    if 0x200D not in points:
        points = [p for p in points if p != 0xFE0F]
    return "emoji-" + "-".join(f"{p:x}" for p in points) + ".svg"


@pytest.mark.parametrize("kind", ["claimit", "nuggets", "claim"])
def test_every_emoji_a_board_is_sent_has_its_picture_in_the_page(kind: str) -> None:
    rules, face = rules_for(kind), face_for(kind)
    sent: set[str] = set()
    for state, last in positions(kind, 3, f"{kind} icons"):
        game = stored(kind, state, seats(3), over=rules.is_over(state))
        for seat in range(3):
            board = face.board(game, seat, last, english())
            sent |= set(board.table.get("faction_emoji", {}).values())
            for control in board.choices:
                if isinstance(control, Choice):
                    sent.add(control.emoji or "")
                else:
                    sent |= {option.emoji or "" for option in control.options}
    sent.discard("")
    assert sent
    page = built_page()
    assert {emoji for emoji in sent if not (page / picture_of(emoji)).is_file()} == set()
