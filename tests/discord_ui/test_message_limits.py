"""Every kind of message the bot builds stays within Discord's limits by construction:
each is built from the worst inputs there are (the longest names, all of them doubled
by markdown escaping, the most players, the most lines), in every language the bot
speaks (German words run longer), and checked against exactly the limits the emulated
Discord enforces."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import discord
import pytest

from bot.discord_ui import face_drawing, game_notes
from bot.discord_ui.core.lobby.controls import lobby_rows
from bot.discord_ui.core.settings.handlers import settings_card
from bot.discord_ui.core.turns.commands import rules_cards
from bot.discord_ui.lobby_card import lobby_card
from bot.discord_ui.part_registry import controls_drawn
from bot.discord_ui.permissions import missing_permissions_message, missing_thread_permissions
from bot.games import shared_words
from bot.games.claimit import words
from bot.games.claimit.face import CLAIMIT_FACE
from bot.games.escaping import escaped
from bot.games.outcome import Outcome
from bot.service import errors
from bot.storage import (
    Game,
    GameStatus,
    GuildSettings,
    RatingChange,
    Result,
    Seat,
)
from bot.storage.game_values import Level
from bot.storage.ratings import Rating
from emulator import message_problems
from engine.claimit import GameState, Phase, Roll, apply
from i18n import LANGUAGES, Language, Message, language
from tests.discord_ui.refusals import fixed_refusals
from tests.engine.claimit.playout import Step, random_game
from tests.games.stored import BIG_ID, stored
from tests.layouts import sent_body

DRAWN = controls_drawn()
"""The controls a game's face describes, drawn by the bot's features."""

NAMES = ("_" * 32, "*~" * 16, "@everyone" + "`" * 23, "|>" * 16, "\\" * 32)
"""Display names are at most 32 characters; escaping doubles each of these."""
"""Server names are at most 100 characters."""
RATING = Rating(24.0, 1.5)
WORST_FIGURES = {"largest_mine": 36, "claims": 12, "spaces": 36, "turns": 99, "busts": 99}


def seats(bots: int = 0) -> tuple[Seat, ...]:
    humans = [Seat(n, BIG_ID - n, None, NAMES[n], n) for n in range(5 - bots)]
    robots = [
        Seat(n, None, Level.NORMAL, NAMES[n][:26] + " (bot)", n, left_user_id=BIG_ID - n)
        for n in range(5 - bots, 5)
    ]
    return (*humans, *robots)


def game(state: GameState | None = None, bots: int = 0) -> Game:
    """The lobby (or the game at ``state``), every id the largest, in a thread, a turn
    lasting a day."""
    played = stored("claimit", state, seats(bots), over=False, options={"variant": True})
    if state is None:
        played = replace(played, status=GameStatus.LOBBY, first_seat=None)
    return replace(played, turn_timeout=86_400, thread_id=BIG_ID)


def payload(*, content: str | None = None) -> dict[str, Any]:
    """A plain message (a refusal, a note)."""
    return {"content": content}


def within_limits(body: dict[str, Any]) -> None:
    assert message_problems(body) == [], [str(p) for p in message_problems(body)]


def worst_placement_state() -> GameState:
    """Late in a five-player game, in its last round, waiting for a placement."""
    rng = random.Random(11)
    for step in random_game(rng, 5, variant=True):
        state = step.after
        if state.last_round is not None and state.phase is Phase.PLACE:
            return state
    raise AssertionError("no last round reached")


def last_step() -> Step:
    """The move that ended a five-player game."""
    return list(random_game(random.Random(4), 5))[-1]


LANGS = [language(code) for code in LANGUAGES]
every_language = pytest.mark.parametrize("lang", LANGS, ids=lambda lang: lang.code)


@every_language
def test_lobbies_and_their_notes(lang: Language) -> None:
    for bots in (0, 4):
        lobby = game(bots=bots)
        notes = [None, game_notes.lobby_note(replace(lobby, status=GameStatus.CANCELLED), lang)]
        for note in notes:
            rows = lobby_rows(lobby, lang, bots_allowed=True)
            within_limits(sent_body(lobby_card(lobby, lang, note, rows)))
    started = game(GameState.new(5), bots=2)
    within_limits(sent_body(lobby_card(started, lang, game_notes.lobby_note(started, lang))))


@every_language
def test_turns_with_every_headline(lang: Language) -> None:
    state = worst_placement_state()
    playing = game(state, bots=1)
    took_over = playing.seats[-1]
    before = GameState.new(5)
    roll = Roll((1, 2, 3))
    rolled = Outcome(playing, before, 0, roll, apply(before, roll).events, False)
    headline = words.happened(rolled, lang)
    headline += "\n\n" + game_notes.takeover_note(
        playing, took_over, game_notes.Departure.AWAY, lang
    )
    board = asyncio.run(CLAIMIT_FACE.turn(playing, headline, rolled, lang))
    ping = f"<@{BIG_ID}>, it's your turn."
    card = face_drawing.drawn(board, face_drawing.buttons(playing, lang, DRAWN))
    within_limits(sent_body(replace(card, note=ping)))
    within_limits(payload(content=shared_words.first_turn(playing, lang)))


@every_language
def test_the_result_with_five_players_and_their_ratings(lang: Language) -> None:
    step = last_step()
    # A computer player and provisional ratings: the field's notes come too.
    over = replace(game(step.after, bots=1), status=GameStatus.FINISHED)
    results = tuple(
        Result(n, BIG_ID - n, NAMES[n], n == 0, n + 1, n == 4, WORST_FIGURES) for n in range(5)
    )
    changes = tuple(
        RatingChange(BIG_ID - n, NAMES[n], None if n else RATING, RATING, 1) for n in range(5)
    )
    outcome = Outcome(
        over,
        step.before,
        step.before.turn,
        step.action,
        step.events,
        True,
        results=results,
        rating_changes=changes,
    )
    board = asyncio.run(CLAIMIT_FACE.result(outcome, "x" * 200, lang))
    within_limits(sent_body(face_drawing.drawn(board)))


@every_language
def test_settings_with_every_channel_listed(lang: Language) -> None:
    many = GuildSettings(channels=frozenset(BIG_ID - n for n in range(500)))
    within_limits(sent_body(settings_card(many, "claimit", "x" * 100, lang, lang)))
    within_limits(sent_body(settings_card(many, None, "x" * 100, lang, lang)))


def refusals() -> Iterator[errors.ServiceError]:
    many = frozenset(BIG_ID - n for n in range(500))
    long = "x" * 200
    yield from (
        errors.ChannelNotAllowed(many),
        errors.NotYourTurn(escaped(NAMES[0])),
        errors.NotHost(escaped(NAMES[0])),
        errors.WhichGame([BIG_ID - n for n in range(100)]),
        errors.IllegalMove(Message(long)),
        errors.BadSetting(Message(long)),
        errors.LobbyFull(5),
        errors.NoSuchBot(4),
        errors.ChannelBusy("Gold Nuggets #1000000000", 2**63 - 1, threads=True),
        errors.ChannelBusy("Gold Nuggets #1000000000", 2**63 - 1, its_thread=True),
        errors.ChannelBusy("Gold Nuggets #1000000000", 2**63 - 1),
        errors.NothingToLog("Gold Nuggets", "nuggets"),
        errors.NoSuchBegunGame("Gold Nuggets", 1_000_000_000, "nuggets"),
        errors.NotAChoice("quiet_from", "x" * 6000),
        errors.NotANumber("reliability", "x" * 6000, 0, 100, whole=True),
        errors.NoLadderHere("nuggets"),
    )
    yield from fixed_refusals()


@every_language
@pytest.mark.parametrize("refusal", list(refusals()), ids=lambda r: type(r).__name__)
def test_every_refusal(refusal: errors.ServiceError, lang: Language) -> None:
    within_limits(payload(content=lang.say(refusal.words)))


@every_language
def test_rules_notes_and_permission_answers(lang: Language) -> None:
    playing = game(GameState.new(5))
    who = escaped(NAMES[0])
    seat = playing.seats[0]
    contents = [
        game_notes.takeover_note(playing, seat, game_notes.Departure.LEFT_SERVER, lang),
        game_notes.takeover_note(
            replace(playing, status=GameStatus.CANCELLED), seat, game_notes.Departure.AWAY, lang
        ),
        game_notes.cancelled(playing, who, lang),
        missing_permissions_message(discord.Permissions.none(), lang),
        missing_thread_permissions(discord.Permissions.none(), lang),
    ]
    for content in contents:
        assert content
        within_limits(payload(content=content))
    for card in rules_cards(CLAIMIT_FACE.title, CLAIMIT_FACE.rules(lang)):
        within_limits(sent_body(card))
