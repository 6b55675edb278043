"""Starts the sandbox: the emulator, the real bot connected to it, and the page."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

from bot.activity.serving import board_served
from bot.discord_ui.client import GameBot, use_discord_at
from bot.discord_ui.face_drawing import to_ping
from bot.settings import DEFAULT_SANDBOX_DATABASE, Settings
from bot.storage.database import is_postgresql, shown
from emulator import DiscordEmulator
from sandbox.clock import SandboxClock
from sandbox.server_world import populate
from sandbox.web import SandboxPage

log = logging.getLogger(__name__)


def discord_state(database: str) -> Path:
    """Where the sandbox keeps its Discord (channels, threads, messages): beside its games'
    file, or (with PostgreSQL) in the working directory."""
    if is_postgresql(database):
        return Path(DEFAULT_SANDBOX_DATABASE + ".discord")
    path = Path(database)
    return path.with_name(path.name + ".discord")


def other_processes(settings: Settings, emulator: DiscordEmulator) -> str:
    """How to start the bot's other shards in processes of their own, against this
    sandbox's Discord and database."""
    assert settings.shards is not None and settings.shard_count is not None
    others = sorted(set(range(settings.shard_count)) - settings.shards)
    command = (
        f"DISCORD_TOKEN={emulator.token} CLAIMIT_DISCORD_URL={emulator.base_url} "
        f"CLAIMIT_DATABASE={settings.sandbox_database} "
        f"CLAIMIT_SHARD_COUNT={settings.shard_count} CLAIMIT_SHARDS={{shards}} claimit"
    )
    return (
        f"claimit sandbox: this process runs shards {', '.join(map(str, sorted(settings.shards)))}"
        f" of {settings.shard_count}; start the others ({', '.join(map(str, others))}) in "
        f"another terminal with: {command.format(shards=','.join(map(str, others)))}"
    )


async def who_acts(bot: GameBot, channel_id: int) -> list[int]:
    """The people who may act now in the game played in this channel or thread (or
    started from it into a thread), as the bot's database has it."""
    game = await bot.service.current_game(channel_id)
    return [] if game is None else to_ping(game)


async def holds_game(bot: GameBot, thread_id: int) -> bool:
    """Whether a game (its lobby, or its table) is open in this thread, as the bot's
    database has it: the bot starts no other there."""
    return await bot.service.current_game(thread_id) is not None


async def run_sandbox(
    settings: Settings,
    announce: Callable[[str], None] = print,
    ready: asyncio.Event | None = None,
    emulator: DiscordEmulator | None = None,
    dice: random.Random | None = None,
    long_lived: bool = False,
    guild_ready_timeout: float = 0.1,
) -> None:
    """Runs until cancelled (Ctrl-C). The bot is the unmodified ``GameBot``; only the
    address discord.py connects to and the database file differ. ``emulator``, started and
    closed here, lets tests look into the sandbox's Discord, and ``dice`` lets them replay
    the same games (the bot draws from the system's randomness), and ``long_lived`` is the
    program's own sandbox (``GameBot``'s); ``guild_ready_timeout``: how long discord.py
    waits for one more server after the last at every start (the emulator sends them all
    at once: tests, which start it by the hundred, wait less). The games' messages are kept
    beside the database (``discord_state``), so that after a restart the channel shows the
    games where they were."""
    emulator = DiscordEmulator() if emulator is None else emulator
    await emulator.keep_state(discord_state(settings.sandbox_database))
    # Saving has started: the emulator closes (saving a last time) however start-up ends.
    try:
        await emulator.start()
        server = populate(emulator)
        use_discord_at(emulator.base_url)
        # One time for Discord and the bot, which the page moves on.
        clock = SandboxClock(emulator.clock)
        bot = GameBot(
            replace(
                settings,
                discord_token=emulator.token,
                database=settings.sandbox_database,
                dev_guild_id=None,
                # The board is always served here, behind the page (``SandboxPage``).
                activity_port=0,
                activity_host="127.0.0.1",
                client_secret=emulator.client_secret,
            ),
            guild_ready_timeout=guild_ready_timeout,
            dice=dice,
            clock=clock,
            long_lived=long_lived,
        )
        page = SandboxPage(
            emulator, server, partial(who_acts, bot), clock, holds_game=partial(holds_game, bot)
        )
        try:
            async with bot:
                await bot.login(emulator.token)
                async with board_served(bot) as board:
                    assert board is not None
                    page.board_port = board.port
                    connection = asyncio.create_task(bot.connect())
                    await bot.wait_until_ready()
                    url = await page.start(port=settings.sandbox_port)
                    named = [f"{g['title']} (/{g['command']} new)" for g in page.games()]
                    games = (
                        " or ".join([", ".join(named[:-1]), named[-1]])
                        if len(named) > 1
                        else "".join(named)
                    )
                    announce(
                        f"claimit sandbox: open {url} in a browser to play {games} in "
                        f"#{server.channel.name} as "
                        f"{', '.join(m.user.name for m in server.members)} "
                        f"(games are kept in {shown(settings.sandbox_database)}, the channel in "
                        f"{discord_state(settings.sandbox_database)}). Ctrl-C stops it."
                    )
                    if settings.shards is not None:
                        announce(other_processes(settings, emulator))
                    if ready is not None:
                        ready.set()
                    await connection
        finally:
            await page.close()
    finally:
        await emulator.close()


@contextlib.asynccontextmanager
async def sandbox_running(
    settings: Settings, emulator: DiscordEmulator, within: float = 60.0, **options: Any
) -> AsyncIterator[str]:
    """``run_sandbox`` in this process with ``emulator`` and the ``options`` it takes
    (``dice``, ``guild_ready_timeout``), as the screenshots and the tests run it, until left
    (then cancelled): the page's address, once it is ready. A ``RuntimeError`` when it
    stops before it is left, or is not ready within ``within`` seconds."""
    said: list[str] = []
    ready = asyncio.Event()
    task = asyncio.create_task(
        run_sandbox(settings, announce=said.append, ready=ready, emulator=emulator, **options)
    )
    try:
        waiting = asyncio.create_task(ready.wait())
        await asyncio.wait([task, waiting], timeout=within, return_when=asyncio.FIRST_COMPLETED)
        waiting.cancel()
        if task.done():
            task.result()
            raise RuntimeError("the sandbox stopped before it was ready")
        if not ready.is_set():
            raise RuntimeError(f"the sandbox was not ready within {within:g} seconds")
        (line,) = said
        yield line.split("open ", 1)[1].split(" ", 1)[0]
        if task.done():
            # A sandbox that stopped by itself meanwhile is what was being used: say so.
            task.result()
            raise RuntimeError("the sandbox stopped while it was in use")
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
