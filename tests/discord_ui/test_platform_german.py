"""Every kind of message the platform builds, in German: the lobby with its buttons and
menus, its notes, takeovers and cancellations, the settings, the permission answers and
every refusal. None holds a word that only the English source text uses, and the same
messages in English do (so the check can fail). The features' messages are checked
beside their tests (``tests/features/<name>/``), through ``says_it_all_in_german``."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from typing import Any

import discord

from bot.discord_ui import discord_refusals, game_notes, interactions
from bot.discord_ui.card_layout import Card, layout
from bot.discord_ui.core.hands import handlers as hands
from bot.discord_ui.core.settings.handlers import settings_card
from bot.discord_ui.lobby_card import lobby_card
from bot.discord_ui.permissions import missing_permissions_message, missing_thread_permissions
from bot.games import shared_words
from bot.service import errors
from bot.storage import EndReason, Game, GameStatus, GuildSettings, RatingChange, Seat
from bot.storage.game_values import Level
from bot.storage.ratings import Rating
from i18n import Language, Message, english, language
from render.claimit.gallery import random_play
from tests.discord_ui.refusals import fixed_refusals
from tests.games.stored import stored
from tests.i18n_words import english_in, shown_in
from tests.layouts import components

GERMAN = language("de")
RATING = Rating(24.0, 1.5)


def lobby(status: GameStatus = GameStatus.LOBBY, **changes: Any) -> Game:
    seats = (
        Seat(0, 11, None, "Ann", 0),
        Seat(1, None, Level.HARD, "Bot 1 (hard)", 1),
        Seat(2, None, Level.NORMAL, "Cy (bot)", 2, left_user_id=13),
    )
    game = stored("claimit", None, seats, over=False, options={"variant": True}, version=3)
    usual = {"status": status, "host_id": 11, "started_at": None, "turn_message_id": None}
    return replace(game, **{**usual, **changes})


def shown(card: Card) -> list[str]:
    return shown_in(components(layout(card)))


def platform_texts(lang: Language) -> Iterator[str]:
    open_lobby = lobby()
    yield from shown(lobby_card(open_lobby, lang))
    for status, reason, started in (
        (GameStatus.CANCELLED, EndReason.LOBBY_EXPIRED, None),
        (GameStatus.CANCELLED, EndReason.LOBBY_EMPTY, None),
        (GameStatus.CANCELLED, EndReason.ABANDONED, 1.0),
        (GameStatus.CANCELLED, None, 1.0),
        (GameStatus.CANCELLED, None, None),
        (GameStatus.ACTIVE, None, 1.0),
    ):
        closed = lobby(status, end_reason=reason, started_at=started, thread_id=9)
        yield from shown(lobby_card(closed, lang, game_notes.lobby_note(closed, lang)))
    *_, (_, _, final) = random_play(1, 3)
    for thread in (9, None):
        ended = lobby(GameStatus.FINISHED, state=final, started_at=1.0, thread_id=thread)
        yield from shown(lobby_card(ended, lang, game_notes.lobby_note(ended, lang)))
    playing, over = lobby(GameStatus.ACTIVE), lobby(GameStatus.CANCELLED)
    for game in (playing, over):
        for departure in game_notes.Departure:
            yield game_notes.takeover_note(game, game.seats[2], departure, lang)
    yield game_notes.cancelled(playing, "Ann", lang)
    yield shared_words.first_turn(playing, lang)
    yield shared_words.winners_line(playing.seats[:1], lang)
    yield shared_words.winners_line(playing.seats, lang)
    changes = [
        RatingChange(11, "Ann", None, RATING, 1),
        RatingChange(12, "Bo", RATING, Rating(20.0, 2.0), 30),
    ]
    yield shared_words.rating_changes(changes, True, lang)
    yield shared_words.rating_changes([], False, lang)
    yield game_notes.minutes(3600, lang)
    yield game_notes.minutes(120, lang)
    settings = GuildSettings(threads=True, bots_allowed=False, channels=frozenset({1, 2}))
    yield from shown(settings_card(settings, "claimit", "-", lang, GERMAN))
    yield from shown(settings_card(GuildSettings(language="de"), "claimit", "-", lang, GERMAN))
    yield from shown(settings_card(settings, None, "-", lang, GERMAN))
    yield missing_permissions_message(discord.Permissions.none(), lang) or ""
    yield missing_permissions_message(discord.Permissions(view_channel=True), lang) or ""
    yield missing_thread_permissions(discord.Permissions.none(), lang) or ""
    for refusal in refusals():
        yield lang.say(refusal.words)
    for answer in (
        interactions.SOMETHING_WENT_WRONG,
        interactions.PRESSED_GONE,
        interactions.UNCONFIRMED,
        discord_refusals.NOT_SHOWN,
        discord_refusals.CANNOT_POST,
        hands.MOVED_ON_PRIVATELY,
        game_notes.AS_IT_STANDS,
    ):
        yield lang.say(answer)


def refusals() -> Iterator[errors.ServiceError]:
    yield from (
        errors.ChannelNotAllowed(frozenset(range(30))),
        errors.NotYourTurn("Ann"),
        errors.NotHost("Ann"),
        errors.NotHost(None),
        errors.WhichGame(list(range(12))),
        errors.IllegalMove(Message("a computer player is easy, normal or hard")),
        errors.BadSetting(Message("at most {most} channels can be listed", most=25)),
        errors.NoSuchBot(4),
        errors.LobbyFull(4),
        errors.ChannelBusy("Claim It! #3", 5),
        errors.ChannelBusy("Claim It! #3", 5, threads=True),
        errors.ChannelBusy("Claim It! #3", 5, its_thread=True),
        errors.NothingToLog("Claim It!", "claimit"),
        errors.NoSuchBegunGame("Claim It!", 4, "claimit"),
        errors.NotAChoice("notify", "telepathy"),
        errors.NotANumber("reliability", "abc", 0, 100, whole=True),
        errors.NotANumber("bots", "x", None, None, whole=True),
        errors.NotANumber("ping_delay", "x", None, None, whole=False),
        errors.NoLadderHere("claimit"),
    )
    yield from fixed_refusals()


def says_it_all_in_german(texts: Callable[[Language], Iterable[str]]) -> None:
    """``texts`` (a feature's messages, say) hold no word in German that only the English
    source text uses, and do in English (so that the check can fail)."""
    assert english_in(texts(GERMAN)) == {}
    assert english_in(texts(english())), "the check finds no English in English"


def test_the_platform_says_everything_in_german() -> None:
    says_it_all_in_german(platform_texts)


def test_numbers_names_and_lists_are_german() -> None:
    said = "\n".join(platform_texts(GERMAN))
    assert "Bot 1 (schwer)" in said
    assert "Cy (Bot)" in said
    assert " und " in said
