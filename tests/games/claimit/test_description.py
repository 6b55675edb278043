"""Claim It!'s board in words, the pictures' descriptions (their alt text): enough to play
from without seeing the board, and never longer than Discord takes, even on the fullest
board with five players, the longest names, in German."""

from __future__ import annotations

import asyncio
import random
import re
from dataclasses import replace

import pytest

from bot.games import shared_words
from bot.games.claimit import words
from bot.games.claimit.face import CLAIMIT_FACE
from bot.games.claimit.game import CLAIMIT
from bot.games.face import DESCRIBED_NAME, described_name
from bot.games.limits import DESCRIPTION
from bot.storage import Seat
from bot.storage.game_values import Level
from engine.claimit import SPACES, GameState, Phase, Roll, Stop, TimeOut, apply, scores
from engine.claimit.scoring import visible_spaces
from i18n import LANGUAGES, english, language
from render.claimit import lettered
from tests.engine.claimit.playout import random_game
from tests.engine.claimit.positions import EXAMPLE_4_BOARD, position
from tests.games.claimit.tables import outcome, table
from tests.games.stored import BIG_ID

EN = english()
NAMES = ("Anke", "Bo", "Cy", "Dora", "Ed")
SPACE = re.compile(r"\b[1-6],[1-6]\b")
LONGEST = "W" * 32
"""A display name as long as Discord allows."""


def described(state: GameState) -> str:
    return words.board(state, NAMES[: state.players], EN)


def spaces_named(words_: str) -> list[str]:
    return SPACE.findall(words_)


def names_of(mask: int) -> list[str]:
    return [str(space) for space in SPACES if space.bit & mask]


def check(state: GameState, description: str) -> None:
    """The description of a board in play says what the picture shows: whose turn, the
    roll and each lettered choice, each player's largest mine, claims and spaces (each
    exactly once), this turn's marks and the claim markers left."""
    lines = description.split("\n")
    status, rows, ending = lines[0], lines[1 : 1 + state.players], lines[-1]
    assert status.startswith(NAMES[state.turn])
    if state.dice is not None:
        assert EN.list(str(die) for die in state.dice) in status
        choices = [f"{letter}: {words.placement(p, EN)}" for letter, p in lettered(state)]
        assert choices and "; ".join(choices) in status
    for score, row in zip(scores(state), rows, strict=True):
        assert row.startswith(f"{NAMES[score.seat]}: largest mine {score.largest}; ")
        held = visible_spaces(state, score.seat)
        assert sorted(spaces_named(row)) == sorted(names_of(held))
        claimed = held & state.claimed
        if claimed:
            counted = "claim" if score.claims == 1 else "claims"
            part = row.split(f"{score.claims} {counted}: ")[1].split(";")[0]
            assert sorted(spaces_named(part)) == sorted(names_of(claimed))
        if not held:
            assert row.endswith("no spaces")
    marks = lines[1 + state.players : -1]
    if state.placed_this_turn:
        (line,) = marks
        assert line.startswith("Placed this turn: ")
        for number, index in enumerate(state.squatters):
            if index >= 0:
                assert f"{number} on {SPACES[index]}" in line
        claims = line.partition("claim marker")[2]
        assert sorted(spaces_named(claims)) == sorted(names_of(state.claims_this_turn))
    else:
        assert marks == []
    supply = state.claim_supply
    assert ending.startswith(f"{supply} claim marker" if supply else "No claim markers left.")
    if state.last_round is not None:
        assert f"Last round: {NAMES[state.last_round.caller]} plays last." in ending


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_position_of_random_games_is_told_in_full(players: int) -> None:
    rng = random.Random(f"described {players}")
    for variant in (False, True):
        for step in random_game(rng, players, variant=variant):
            if step.after.phase is not Phase.OVER:
                check(step.after, described(step.after))


def test_the_turn_picture_describes_the_board_it_shows() -> None:
    rolled = outcome(GameState.new(3), Roll((1, 2, 3)))
    picture = asyncio.run(CLAIMIT_FACE.turn(rolled.game, "…", rolled, EN))
    names = [shared_words.seat_name(seat, EN) for seat in rolled.game.seats]
    assert picture.description.startswith(f"{names[0]} rolled 1, 2, and 3; the choices: A: ")
    for letter, placement in lettered(rolled.state):
        assert f"{letter}: {words.placement(placement, EN)}" in picture.description


def test_after_a_placement_the_roll_it_used_is_told() -> None:
    rolled = apply(GameState.new(2), Roll((1, 2, 3))).state
    placed = outcome(rolled, CLAIMIT.action(rolled, 0, "A", random.Random(1)))
    picture = asyncio.run(CLAIMIT_FACE.turn(placed.game, "…", placed, EN))
    first = picture.description.split("\n")[0]
    assert "placed from the roll 1, 2, and 3, and rolls again or stops to claim." in first
    assert "Placed this turn: squatter " in picture.description


def test_a_bust_tells_the_roll_and_the_marks_it_loses() -> None:
    before = position(EXAMPLE_4_BOARD, players=3)
    busted = outcome(before, Roll((6, 3, 4)))
    picture = asyncio.run(CLAIMIT_FACE.turn_end(busted, "…", EN))
    name = shared_words.seat_name(busted.game.seats[0], EN)
    assert picture.description.startswith(
        f"{name} rolled 6, 3, and 4: no legal placement, bust! The 4 marks placed this turn "
        "are lost."
    )
    # The board as the bust found it: its marks still on it, outlined as lost.
    assert "Placed this turn: squatters 1 on 4,4, 3 on 6,3, 6 on 2,1" in picture.description


def test_after_a_stop_the_next_player_is_to_roll() -> None:
    stopped = outcome(position(EXAMPLE_4_BOARD, players=3), Stop())
    picture = asyncio.run(CLAIMIT_FACE.turn_end(stopped, "…", EN))
    name = shared_words.seat_name(stopped.game.seats[1], EN)
    assert picture.description.startswith(f"{name} rolls the dice.")
    assert "Placed this turn" not in picture.description


def test_the_game_over_picture_names_the_winner_and_the_final_standing() -> None:
    board = {"1,1": ["C", "P0"], "1,2": ["P0"], "4,4": ["C", "P1"], "4,5": ["P1"], "6,6": ["P1"]}
    before = position(board, turn=1, last_round={"caller": 0, "turns_left": 1})
    ended = outcome(before, TimeOut())
    assert ended.state.phase is Phase.OVER
    picture = asyncio.run(CLAIMIT_FACE.result(ended, "…", EN))
    names = [shared_words.seat_name(seat, EN) for seat in ended.game.seats]
    assert picture.description.split("\n") == [
        f"Game over: {names[1]} wins.",
        f"1. {names[1]}: largest mine 2, claims 1, spaces 3; 1 claim: 4,4; settled: 4,5 6,6",
        f"2. {names[0]}: largest mine 2, claims 1, spaces 2; 1 claim: 1,1; settled: 1,2",
    ]


def test_a_shared_win_names_every_winner() -> None:
    board = {"1,1": ["C", "P0"], "1,2": ["P0"], "4,4": ["C", "P1"], "4,5": ["P1"]}
    state = position(board, phase="over", last_round={"caller": 0, "turns_left": 0})
    assert words.board(state, NAMES[:2], EN).startswith("Game over: Anke and Bo share the win.")


def fullest() -> GameState:
    """Every part of the description at its longest at once, five players: six choices,
    each a claim marker (longer than a squatter in German); every space named, six of
    them twice (a squatter under this turn's claim marker); every player with claimed and
    settled spaces; claim markers left; the last round called."""
    choices = ("1,2", "2,1", "1,3", "3,1", "2,3", "3,2")
    board: dict[str, list[str]] = {at: ["P0"] for at in choices}
    rest = [str(space) for space in SPACES if str(space) not in choices]
    for number, at in enumerate(rest[:6], start=1):
        board[at] = [f"P{number % 4 + 1}", f"S{number}", "C"]
    for n, at in enumerate(rest[6:10]):
        board[at] = [f"P{n + 1}"]
    for n, at in enumerate(rest[10:]):
        board[at] = ["C", f"P{n % 5}"]
    return position(
        board,
        players=5,
        phase="place",
        dice=[1, 2, 3],
        last_round={"caller": 4, "turns_left": 5},
    )


def longest_seats() -> tuple[Seat, ...]:
    """Five seats with the longest names: computer players that took over from people
    whose names were as long as can be (the longest a seat's name gets)."""
    return tuple(
        Seat(n, None, Level.HARD, f"{LONGEST} (bot)", n, left_user_id=BIG_ID - n) for n in range(5)
    )


SLACK = 30
"""What the fullest board could still gain over ``fullest``: a second digit in a few of
its figures (a largest mine or a count of claims of 10 or more)."""


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_fullest_board_with_the_longest_names_fits(code: str) -> None:
    lang = language(code)
    state = fullest()
    assert len(state.pending_placements()) == 6 and state.claim_supply > 0
    assert all(visible_spaces(state, seat) & ~state.claimed for seat in range(5))
    assert all(visible_spaces(state, seat) & state.claimed for seat in range(5))
    game = replace(table(state), seats=longest_seats())
    picture = asyncio.run(CLAIMIT_FACE.turn(game, "…", None, lang))
    description = picture.description
    shown = described_name(shared_words.seat_name(game.seats[0], lang))
    assert len(shown) == DESCRIBED_NAME and shown.endswith("…")
    assert description.count(shown) == 5 + 2
    if code == "en":
        # Every space once, the six under a squatter and a claim marker twice, six choices.
        assert len(spaces_named(description)) == 36 + 6 + 6
    assert len(description) <= DESCRIPTION - SLACK, len(description)


def test_names_keep_what_fits_and_mark_the_cut() -> None:
    assert described_name("Anke") == "Anke"
    assert described_name("x" * DESCRIBED_NAME) == "x" * DESCRIBED_NAME
    assert described_name("x" * (DESCRIBED_NAME + 1)) == "x" * (DESCRIBED_NAME - 1) + "…"


def test_the_names_are_the_readers_and_as_typed() -> None:
    """A computer player's name is put into the reader's language, and markdown is left as
    typed: a description shows none."""
    state = GameState.new(2)
    seats = (
        Seat(0, BIG_ID, None, "*Björn*", 0),
        Seat(1, None, Level.HARD, "Bot 2 (hard)", 1),
    )
    game = replace(table(state), seats=seats)
    german = asyncio.run(CLAIMIT_FACE.turn(game, "…", None, language("de"))).description
    assert german.startswith("*Björn* würfelt.")
    assert "\nBot 2 (schwer): größte Mine 0; keine Felder" in german
