"""A voice channel's status outlives no game across a SIGKILL of the real bot's process: the
bot records that it owes a status its clearing before it first sets it, so that a kill as
it clears the status of a game just cancelled (before Discord clears it, or just after)
leaves the clearing owed, and the next start clears it and settles what it owed."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
from pathlib import Path

import discord
import pytest
from aiohttp import web

from emulator import Channel, DiscordEmulator, User
from emulator.rate_limits import VOICE_STATUS
from emulator.world import VOICE_BOT_PERMISSIONS
from tests.e2e.running_bot import BotProcess, bot_environment
from tests.e2e.world import lobby_with, started
from tests.quick_limits import QUICK_LIMITS

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.long(seconds=3)]

WAIT = 60.0
"""Seconds what the bot owes may take to arrive, far beyond a busy machine's."""
STATUS_PERMISSIONS = VOICE_BOT_PERMISSIONS | discord.Permissions(
    set_voice_channel_status=True, manage_channels=True
)


def owed(database: Path) -> int:
    """The voice statuses the bot records as owed their clearing."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
        return int(connection.execute("SELECT COUNT(*) FROM voice_statuses").fetchone()[0])


async def until(check: object, what: str, bot: BotProcess) -> None:
    """Until ``check()`` holds; else the bot's log with ``what`` did not happen."""
    assert callable(check)
    try:
        async with asyncio.timeout(WAIT):
            while not check():
                await asyncio.sleep(0.05)
    except TimeoutError:
        raise AssertionError(f"{what}; the bot said:\n{bot.log()}") from None


async def play_until_started(
    emulator: DiscordEmulator, ann: User, bo: User, voice: Channel
) -> None:
    """A game of Claim It! in the voice channel's chat, made by Ann, joined by Bo, started."""
    lobby = await emulator.answer(await emulator.slash(ann, voice, "claimit new"), WAIT)
    created = lobby.response_message
    assert created is not None
    await emulator.answer(await emulator.click(bo, created, "Join"), WAIT)
    joined = await emulator.wait_for_message(voice, lambda m: lobby_with("Bo", m), WAIT)
    await emulator.answer(await emulator.click(ann, joined, "Start"), WAIT)
    await emulator.wait_for_message(voice, started, WAIT)


@pytest.mark.parametrize("made", [False, True], ids=["before", "after"])
async def test_a_status_cleared_as_the_bot_is_killed_is_cleared_at_its_next_start(
    tmp_path: Path, made: bool
) -> None:
    emulator = DiscordEmulator(rate_limits=QUICK_LIMITS)
    await emulator.start()
    ann = emulator.add_user("Ann")
    guild = emulator.add_guild("Prospectors", ann)
    bo = emulator.add_user("Bo")
    emulator.add_member(guild, bo)
    voice = emulator.add_voice_channel(guild, "Game night", STATUS_PERMISSIONS)
    database = tmp_path / "bot.sqlite3"
    bot = BotProcess(bot_environment(emulator, str(database)))
    try:
        for user in (ann, bo):
            await emulator.join_voice(user, voice)
        await bot.start()
        await play_until_started(emulator, ann, bo, voice)
        await until(lambda: voice.voice_status is not None, "no status was set", bot)
        assert owed(database) == 1

        def kill() -> None:
            assert bot.process is not None
            os.killpg(bot.process.pid, signal.SIGKILL)

        def clearing(request: web.Request) -> bool:
            return request.match_info.get("channel") == str(voice.id)

        emulator.fail(VOICE_STATUS, 503, when=clearing, made=made, then=kill)
        await emulator.slash(ann, voice, "claimit cancel")
        assert await bot.exited() == -signal.SIGKILL
        assert (voice.voice_status is None) is made
        clears = sum(1 for r in emulator.requests if r.route == VOICE_STATUS)

        await bot.start()
        await until(lambda: owed(database) == 0, "the clearing owed was not settled", bot)
        assert voice.voice_status is None
        # The start also tells again of the end it showed just before the kill, in its
        # own time: once a new game's status is set after it (the channel's statuses go
        # out one at a time, in order), every request the end asked for has gone out.
        await play_until_started(emulator, ann, bo, voice)
        await until(lambda: voice.voice_status is not None, "no new status was set", bot)
        statuses = sum(1 for r in emulator.requests if r.route == VOICE_STATUS)
        assert statuses == clears + 2, "the end is cleared once, then the new game's set"
    finally:
        if bot.running:
            await bot.kill()
        await emulator.close()
