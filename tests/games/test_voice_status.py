"""Each game's line in a voice channel's status: where the game stands, in the reader's
language, only what everybody sees, and never over Discord's 500 characters, however long
the names and whatever the language (cut after a whole word where it must be)."""

from __future__ import annotations

import random

import pytest

from bot.games.faces import face_for
from bot.games.registration import Registration
from bot.games.registry import REGISTERED, rules_for
from bot.games.status_line import VOICE_STATUS, status_line
from bot.storage import Seat
from i18n import LANGUAGES, english, language
from tests.games.stored import stored
from tests.games.test_contract import NAMES, play, seats

GAMES = pytest.mark.parametrize("game", REGISTERED, ids=lambda game: game.kind)
FRIENDS = tuple(Seat(n, 100 + n, None, name, n) for n, name in enumerate(("Ann", "Bo", "Cy")))


def units(text: str) -> int:
    """``text``'s length as Discord may count it at the most (UTF-16 code units)."""
    return len(text.encode("utf-16-le")) // 2


@GAMES
@pytest.mark.parametrize("code", LANGUAGES)
def test_every_position_of_a_game_has_a_line_within_the_limit(
    game: Registration, code: str
) -> None:
    rules, face, lang = rules_for(game.kind), face_for(game.kind), language(code)
    for players in (rules.min_players, rules.max_players):
        playout = play(rules, players, random.Random(f"{game.kind} {code} {players}"))
        table = seats(players)
        for move in playout.moves:
            over = rules.is_over(move.after)
            line = face.voice_status(stored(game.kind, move.after, table, over=over), lang)
            assert line.startswith(f"{game.name} #"), line
            assert 0 < units(line) <= VOICE_STATUS, line
            assert "\n" not in line


def test_claim_it_says_whose_turn_who_leads_and_the_markers_left() -> None:
    rules, face = rules_for("claimit"), face_for("claimit")
    state = rules.start(3, 1, {}, rules.deal(3, {}, random.Random(1)))
    line = face.voice_status(stored("claimit", state, FRIENDS, over=False, game_id=7), english())
    assert line == "Claim It! #7 · Bo's turn · 30 claim markers left"
    in_german = face.voice_status(stored("claimit", state, FRIENDS, over=False), language("de"))
    assert "Bo" in in_german and "30" in in_german and "turn" not in in_german


def test_gold_nuggets_says_whose_turn_and_the_nuggets_in_the_centre() -> None:
    rules, face = rules_for("nuggets"), face_for("nuggets")
    state = rules.start(3, 2, {}, rules.deal(3, {}, random.Random(1)))
    line = face.voice_status(stored("nuggets", state, FRIENDS, over=False, game_id=7), english())
    assert line == "Gold Nuggets #7 · Cy's turn · 77 nuggets left in the centre"


def test_claim_says_the_phase_the_trick_and_who_plays() -> None:
    rules, face = rules_for("claim"), face_for("claim")
    seated = FRIENDS[:2]
    state = rules.start(2, 0, {}, rules.deal(2, {}, random.Random(1)))
    line = face.voice_status(stored("claim", state, seated, over=False, game_id=7), english())
    assert line == "Claim #7 · phase 1, trick 1 of 13 · Ann to play"


def test_a_leader_is_named_once_someone_leads() -> None:
    rules, face = rules_for("nuggets"), face_for("nuggets")
    playout = play(rules, 3, random.Random(5))
    leading = [
        face.voice_status(stored("nuggets", m.after, FRIENDS, over=False), english())
        for m in playout.moves
        if not rules.is_over(m.after)
    ]
    assert any(" leads with " in line or " tie with " in line for line in leading)
    assert "leads" not in leading[0]


def test_a_line_too_long_is_cut_after_a_whole_word_with_an_ellipsis() -> None:
    words = " ".join(["nugget"] * 200)
    line = status_line("Gold Nuggets #1", words)
    assert units(line) <= VOICE_STATUS
    assert line.endswith("nugget…")
    assert status_line("Claim #1", "Ann to play") == "Claim #1 · Ann to play"
    assert status_line("Claim #1", "", "Ann to play") == "Claim #1 · Ann to play"


def test_a_cut_counts_what_takes_two_units_and_never_splits_an_emoji() -> None:
    family = "👨\u200d👩\u200d👧"
    line = status_line("Claim #1", family * 400)
    assert units(line) <= VOICE_STATUS
    kept = line.removesuffix("…").removeprefix("Claim #1 · ")
    assert kept and kept == family * (len(kept) // len(family))
    accented = status_line("e\u0301" * 300)
    assert units(accented) <= VOICE_STATUS and accented.endswith("e\u0301…")
    unbroken = status_line("x" * 600)
    assert unbroken == "x" * (VOICE_STATUS - 1) + "…"


def test_the_longest_names_fit_in_every_language() -> None:
    for code in LANGUAGES:
        for kind in ("claimit", "nuggets", "claim"):
            rules, face = rules_for(kind), face_for(kind)
            players = rules.max_players
            state = rules.start(players, 0, {}, rules.deal(players, {}, random.Random(2)))
            line = face.voice_status(
                stored(kind, state, seats(players), over=False), language(code)
            )
            assert units(line) <= VOICE_STATUS
            assert NAMES[0][:10] in line
