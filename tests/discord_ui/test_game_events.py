"""The game events a feature follows: each told to every follower, in a task of its own,
a follower's failure one log line that stops no other, and nothing told after a stop."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

import pytest

from bot.discord_ui.game_events import GameEnded, GameEvents
from bot.service import ServiceError
from bot.storage import Game, GameStatus
from i18n import Message
from tests.games.stored import stored


def lobby_game() -> Game:
    return stored("claimit", None, (), over=False)


def expected(error: Exception) -> bool:
    return isinstance(error, ServiceError)


async def test_each_follower_hears_each_event_of_its_kind() -> None:
    events = GameEvents(expected)
    shown: list[int] = []
    ended: list[GameEnded] = []
    unknown: list[int] = []

    async def on_shown(game: Game) -> None:
        shown.append(game.id)

    async def on_ended(end: GameEnded) -> None:
        ended.append(end)

    async def on_unknown(game_id: int) -> None:
        unknown.append(game_id)

    events.follow("game_shown", on_shown)
    events.follow("game_ended", on_ended)
    events.follow("place_unknown", on_unknown)
    game = lobby_game()
    events.shown(game)
    events.ended(game, None)
    events.place_unknown(7)
    await events.stop()
    assert shown == [game.id] and unknown == [7]
    assert [(end.game, end.last, end.finished) for end in ended] == [(game, None, False)]


async def test_a_follower_that_fails_is_one_line_and_stops_no_other(
    caplog: pytest.LogCaptureFixture,
) -> None:
    events = GameEvents(expected)
    heard: list[str] = []

    async def refuses(game: Game) -> None:
        raise ServiceError(Message("not now"))

    async def breaks(game: Game) -> None:
        raise RuntimeError("a bug")

    async def hears(game: Game) -> None:
        heard.append("heard")

    for follower in (refuses, breaks, hears):
        events.follow("game_shown", follower)
    with caplog.at_level(logging.WARNING):
        events.shown(lobby_game())
        await events.stop()
    assert heard == ["heard"]
    failures = [r for r in caplog.records if "a follower of game_shown failed" in r.message]
    assert [bool(r.exc_info) for r in failures] == [False, True]


async def test_nothing_is_told_after_a_stop_and_the_stop_waits_for_what_is() -> None:
    events = GameEvents(expected)
    told: list[int] = []
    going = asyncio.Event()

    async def slow(game: Game) -> None:
        going.set()
        await asyncio.sleep(0)
        told.append(game.id)

    events.follow("game_shown", slow)
    game = lobby_game()
    events.shown(game)
    await events.stop()
    assert told == [game.id]
    events.shown(game)
    await asyncio.sleep(0)
    assert told == [game.id]


async def test_idle_waits_for_what_was_told_and_what_that_told_in_turn() -> None:
    events = GameEvents(expected)
    heard: list[str] = []

    async def shows_then_ends(game: Game) -> None:
        await asyncio.sleep(0)
        heard.append("shown")
        events.ended(game, None)

    async def ended(end: GameEnded) -> None:
        await asyncio.sleep(0)
        heard.append("ended")

    events.follow("game_shown", shows_then_ends)
    events.follow("game_ended", ended)
    events.shown(lobby_game())
    await events.idle()
    assert heard == ["shown", "ended"]
    await events.idle()


def test_an_event_nobody_offers_cannot_be_followed() -> None:
    async def follower(game: Game) -> None:
        return None

    with pytest.raises(ValueError, match="game_moved"):
        GameEvents(expected).follow("game_moved", follower)


def test_a_game_ended_is_finished_only_when_played_to_its_end() -> None:
    game = lobby_game()
    assert GameEnded(game, None).finished is False
    assert GameEnded(replace(game, status=GameStatus.FINISHED), None).finished is True
    assert GameEnded(replace(game, status=GameStatus.CANCELLED), None).finished is False
