"""A voice channel's status is sent one request at a time per channel, the newest position
winning: moves made while a request is in flight cost one more request, not one each; an
older show of a game never replaces a newer one, nor anything its end; a failure is one
log line and the next show tries again."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

import pytest

from bot.features.voice_status.discord.sending import (
    KEEP,
    UNKNOWN,
    ChannelStatuses,
    Mark,
    Status,
    Wanted,
)
from bot.storage import Seat
from tests.games.stored import stored

VOICE, OTHER = 10, 20
GAME = stored("claimit", None, (Seat(0, 1, None, "Ann", 0),), over=False, game_id=7, version=1)


def at(version: int, game_id: int = 7) -> Wanted:
    return Wanted(replace(GAME, id=game_id, version=version))


class Discord:
    """The requests made, each held until the test lets it be answered."""

    def __init__(self) -> None:
        self.sent: list[tuple[int, Status]] = []
        self.answer = asyncio.Event()
        self.answer.set()
        self.seen_now: list[Status | Mark] = []

    async def compose(self, channel: int, wanted: Wanted, now: Status | Mark) -> Status | Mark:
        self.seen_now.append(now)
        return None if wanted.ended else f"game {wanted.game.id} at {wanted.game.version}"

    async def put(self, channel: int, status: Status) -> None:
        self.sent.append((channel, status))
        await self.answer.wait()


async def test_moves_while_a_request_is_in_flight_send_only_the_newest() -> None:
    discord = Discord()
    statuses = ChannelStatuses(discord.compose, discord.put)
    discord.answer.clear()
    statuses.want(VOICE, at(1))
    await asyncio.sleep(0)
    for version in range(2, 7):
        statuses.want(VOICE, at(version))
    statuses.want(OTHER, at(1, game_id=8))
    await asyncio.sleep(0)
    assert discord.sent == [(VOICE, "game 7 at 1"), (OTHER, "game 8 at 1")]
    discord.answer.set()
    await statuses.idle()
    assert discord.sent[2:] == [(VOICE, "game 7 at 6")]
    assert not statuses.sending()


async def test_an_older_show_never_replaces_a_newer_one_nor_the_end() -> None:
    discord = Discord()
    statuses = ChannelStatuses(discord.compose, discord.put)
    statuses.want(VOICE, at(5))
    statuses.want(VOICE, at(4))
    await statuses.idle()
    assert discord.sent == [(VOICE, "game 7 at 5")]
    statuses.want(VOICE, Wanted(at(6).game, ended=True))
    statuses.want(VOICE, at(6))
    await statuses.idle()
    assert discord.sent[1:] == [(VOICE, None)]
    # Over, the channel starts afresh: a new game there is shown, its status not known.
    statuses.want(VOICE, at(1, game_id=9))
    await statuses.idle()
    assert discord.sent[2:] == [(VOICE, "game 9 at 1")]
    assert discord.seen_now == [UNKNOWN, "game 7 at 5", UNKNOWN]


async def test_what_is_shown_already_or_kept_is_not_sent() -> None:
    discord = Discord()
    kept: list[int] = []

    async def keeping(channel: int, wanted: Wanted, now: Status | Mark) -> Status | Mark:
        kept.append(wanted.game.version)
        return KEEP if wanted.game.version == 2 else "the same"

    statuses = ChannelStatuses(keeping, discord.put)
    for version in (1, 2, 3):
        statuses.want(VOICE, at(version))
        await statuses.idle()
    assert kept == [1, 2, 3]
    assert discord.sent == [(VOICE, "the same")]


async def test_a_failed_request_is_one_log_line_and_the_next_show_tries_again(
    caplog: pytest.LogCaptureFixture,
) -> None:
    discord = Discord()
    failing = [False, True]
    """Whether each request fails, the last first."""

    async def put(channel: int, status: Status) -> None:
        if failing.pop():
            raise ConnectionError("Discord is away")
        await discord.put(channel, status)

    statuses = ChannelStatuses(discord.compose, put)
    with caplog.at_level(logging.WARNING):
        statuses.want(VOICE, at(1))
        await statuses.idle()
        statuses.want(VOICE, at(2))
        await statuses.idle()
    assert discord.sent == [(VOICE, "game 7 at 2")]
    (line,) = [r for r in caplog.records if "could not be set" in r.getMessage()]
    assert line.exc_info is None


async def test_nothing_is_wanted_once_stopped() -> None:
    discord = Discord()
    statuses = ChannelStatuses(discord.compose, discord.put)
    await statuses.stop()
    statuses.want(VOICE, at(1))
    assert not statuses.sending() and discord.sent == []
