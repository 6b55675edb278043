"""A message owed for something past, across a SIGKILL of the real bot's process at the
moment it is posted: cut off before Discord makes it, or just after
(Discord made it, and the bot never recorded it). Started again, the bot posts what is
still owed under the same nonce: each message arrives once, never twice, never lost.

A fault of the local Discord (``fail``, its ``when`` sending SIGKILL to the bot's whole
process group as the post arrives) picks the moment, and ``made`` whether Discord made
the message first. What the scenes need that a person can't do quickly (a month gone
by, a tournament due) is written into the bot's database before it starts.

Here the core's (a game whose channel went, a report or replay shared); each feature's
own are beside its other tests, on these scenes
(``tests/features/<name>/test_owed_message_kills.py``)."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sqlite3
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from bot.service import GameService, Player
from bot.storage import Database
from bot.storage.opening import open_database
from emulator import Channel, DiscordEmulator, Interaction, Message, User
from tests.bot.fixtures import play_to_the_end, started_by
from tests.e2e.running_bot import BotProcess, bot_environment
from tests.e2e.world import THREAD_PERMISSIONS, describe, lobby_with, started, title_of
from tests.quick_limits import QUICK_LIMITS

pytestmark = [pytest.mark.slow, pytest.mark.long(seconds=3)]

POST = "POST /channels/{channel}/messages"
WAIT = 60.0
"""Seconds anything the bot owes may take to arrive, far beyond a busy machine's."""
WHEN = ("before", "after")
"""Killed as the post arrives: before Discord makes the message, or once it has."""


@dataclass
class Scene:
    """One server on the local Discord, the real bot in a process of its own on a SQLite
    file, and the people."""

    emulator: DiscordEmulator
    channel: Channel
    people: dict[str, User]
    database: Path
    bot: BotProcess

    async def start(self) -> None:
        await self.bot.start()

    def kill_at(self, route: str, where: Callable[[web.Request], bool], *, made: bool) -> None:
        """The next request on ``route`` that ``where`` accepts kills the bot (its whole
        process group at once: SIGKILL): before Discord makes what it asks, or just after
        when ``made``."""
        bot = self.bot

        def kill() -> None:
            assert bot.process is not None
            os.killpg(bot.process.pid, signal.SIGKILL)

        self.emulator.fail(route, 503, when=where, made=made, then=kill)

    async def killed_and_back(self) -> None:
        """Once the fault has killed it: the bot started again."""
        assert await self.bot.exited() == -signal.SIGKILL
        await self.bot.start()

    async def act(self, sending: Coroutine[Any, Any, Interaction]) -> Interaction:
        """A command or press, once the bot has answered it."""
        return await self.emulator.answer(await sending, WAIT)

    async def command(self, user: str, command: str, **options: Any) -> Interaction:
        return await self.act(
            self.emulator.slash(self.people[user], self.channel, command, **options)
        )

    async def message(
        self, check: Callable[[Message], bool], where: Channel | None = None
    ) -> Message:
        return await self.emulator.wait_for_message(where or self.channel, check, WAIT)

    def direct(self, user: str) -> Channel:
        return self.emulator.dm_with(self.people[user])

    def into(self, channel: Channel) -> Callable[[web.Request], bool]:
        return lambda request: request.match_info.get("channel") == str(channel.id)

    @asynccontextmanager
    async def opened(self) -> AsyncIterator[Database]:
        """The bot's database, opened by the test (before the bot starts)."""
        database = await open_database(self.database)
        try:
            yield database
        finally:
            await database.close()

    async def all_sent(self, prefix: str, count: int) -> None:
        """Until ``count`` messages whose key starts with ``prefix`` are recorded sent (and
        none of them is owed any more)."""

        def sent() -> int:
            with sqlite3.connect(f"file:{self.database}?mode=ro", uri=True) as connection:
                rows = connection.execute(
                    "SELECT COUNT(*) FROM owed_messages WHERE key LIKE ? AND sent_at IS NOT NULL",
                    (prefix + "%",),
                ).fetchone()
            return int(rows[0])

        try:
            async with asyncio.timeout(WAIT):
                while sent() < count:
                    await asyncio.sleep(0.05)
        except TimeoutError:
            said = self.bot.log()
            raise AssertionError(f"{sent()} of {count} sent; the bot said:\n{said}") from None


@asynccontextmanager
async def scene(tmp_path: Path, **settings: str) -> AsyncIterator[Scene]:
    emulator = DiscordEmulator(rate_limits=QUICK_LIMITS)
    await emulator.start()
    owner = emulator.add_user("Ann")
    guild = emulator.add_guild("Prospectors", owner)
    people = {"Ann": owner}
    for name in ("Bo", "Cy", "Di", "Ed"):
        people[name] = emulator.add_user(name)
        emulator.add_member(guild, people[name])
    channel = emulator.add_channel(guild, "games", THREAD_PERMISSIONS)
    database = tmp_path / "bot.sqlite3"
    environment = bot_environment(emulator, str(database), **settings)
    bot = BotProcess(environment)
    try:
        yield Scene(emulator, channel, people, database, bot)
    finally:
        if bot.running:
            await bot.kill()
        await emulator.close()


def dms(scene: Scene, user: str, says: str) -> list[Message]:
    """The bot's direct messages to ``user`` that say ``says`` (deleted since or not)."""
    return [m for m in scene.direct(user).messages if says in describe(m)]


async def two_played(scene: Scene) -> Message:
    """Ann and Bo's Claim It! game, started here; its table."""
    lobby = (await scene.command("Ann", "claimit new")).response_message
    assert lobby is not None
    await scene.act(scene.emulator.click(scene.people["Bo"], lobby, "Join"))
    lobby = await scene.message(lambda m: lobby_with("Bo", m))
    await scene.act(scene.emulator.click(scene.people["Ann"], lobby, "Start"))
    return await scene.message(started)


async def finished_at(service: GameService, here: Scene, *, shown: bool) -> None:
    """A game of Ann's and Bo's played to its end here, in the bot's database: ``shown``,
    the bot posts nothing of it; else its result is posted as the bot starts."""
    ann, bo = (Player(here.people[n].id, n) for n in ("Ann", "Bo"))
    game = await started_by(
        service, [ann, bo], guild_id=here.channel.guild_id, channel_id=here.channel.id
    )
    over = await play_to_the_end(service, game, random.Random(game.id))
    if shown:
        await service.messages.mark_shown(over.id, over.version)


@pytest.mark.parametrize("when", WHEN)
async def test_a_game_whose_channel_went_tells_each_player_once(tmp_path: Path, when: str) -> None:
    """The channel of Ann's and Bo's game is deleted, and the bot is killed as it tells
    Ann that the game ended; started again, each of them has been told once."""
    async with scene(tmp_path) as here:
        await here.start()
        await two_played(here)
        here.kill_at(POST, here.into(here.direct("Ann")), made=when == "after")
        await here.emulator.delete_channel(here.channel)
        await here.killed_and_back()
        await here.all_sent("place-gone:", 2)
        ended = "it had nowhere else to go"
        told = [
            [m for m in here.direct(who).messages if ended in m.content] for who in ("Ann", "Bo")
        ]
        assert [len(messages) for messages in told] == [1, 1]


FOLLOWUP = "POST /webhooks/{app}/{token}"
SHARED = {"analysis": "📊 What decided it · Claim It! #1", "replay": "🎞️ Replay · Claim It! #1"}
"""What each share posts, by the command that shows it privately first."""


@pytest.mark.parametrize("when", [*WHEN, "recorded"])
@pytest.mark.parametrize("shown", SHARED)
async def test_a_shared_report_or_replay_is_posted_once(
    tmp_path: Path, shown: str, when: str
) -> None:
    """Ann shares a finished game's report (or replay) in the channel, and the bot is
    killed as it posts it, just after, or once it is recorded (as it tells Ann where):
    started again, the bot itself posts what is still owed, and the channel has it once,
    which Share links from then on."""
    async with scene(tmp_path) as here:
        async with here.opened() as database:
            await finished_at(GameService(database), here, shown=True)
        await here.start()
        asked = await here.command("Ann", f"claimit {shown}")
        private = asked.response_message
        assert private is not None
        await here.emulator.wait_until(lambda: "Share in the channel" in private.button_labels())
        if when == "recorded":
            here.kill_at(FOLLOWUP, lambda request: True, made=False)
        else:
            here.kill_at(POST, here.into(here.channel), made=when == "after")
        await here.emulator.click(here.people["Ann"], private, "Share in the channel")
        await here.killed_and_back()
        await here.all_sent(f"{'report' if shown == 'analysis' else 'replay'}-share:", 1)

        def posted() -> list[Message]:
            return [m for m in here.channel.messages if not m.ephemeral and title_of(m) == title]

        title = SHARED[shown]
        (post,) = posted()
        assert f"Shared by <@{here.people['Ann'].id}>." in describe(post)
        again = await here.act(
            here.emulator.click(here.people["Ann"], private, "Share in the channel")
        )
        assert again.response_message is not None
        assert again.response_message.content.endswith(f"/{here.channel.id}/{post.id}")
        assert posted() == [post]
