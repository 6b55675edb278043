from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import discord
import pytest
import pytest_asyncio
from discord import app_commands
from playwright.async_api import Browser, Page, async_playwright, expect

from bot.discord_ui.client import use_discord_at
from bot.settings import Settings
from emulator import DiscordEmulator, Message
from emulator.model import snowflake
from sandbox.run import sandbox_running
from sandbox.server_world import CHANNEL_ID, populate
from sandbox.web import SandboxPage
from tests.quick_limits import QUICK_LIMITS
from tests.sandbox.pages import DESKTOP, is_spare, open_page

EXPECT_WITHIN = 30_000
"""Milliseconds a page's expectation waits for what it expects before it fails: a net for
a hang, as ``pytest-timeout`` is. Each passes as soon as the page shows it; Playwright's
own 5 s made each a fixed time, which a suite loading both cores (three workers and their
browsers) now and then outran, opening the Activity's pane after a press."""
expect.set_options(timeout=EXPECT_WITHIN)

CHROMIUM = Path("/usr/bin/chromium-headless-shell")
"""Debian's headless build of Chromium (what Playwright's own headless runs use): the same
Blink, without the browser's window and its compositing, so the browser tests cost a fifth
less CPU than in the whole ``chromium`` (58 s against 72, the tests run alone)."""


@dataclass(frozen=True)
class Sandbox:
    url: str
    emulator: DiscordEmulator
    """The Discord the bot and the page use, for tests to look in or put messages into."""


def put_message(sandbox: Sandbox, *, tell_pages: bool = False, **parts: Any) -> Message:
    """A message posted in the channel as if by the bot, without the bot: nothing checks
    what it holds. ``tell_pages`` lets open pages know, as the emulator does after a post."""
    emulator = sandbox.emulator
    message = Message(snowflake(), CHANNEL_ID, emulator.bot, **parts)
    emulator.channels[CHANNEL_ID].messages.append(message)
    emulator.messages[message.id] = message
    if tell_pages:
        for changed in emulator.on_change:
            changed()
    return message


@contextlib.asynccontextmanager
async def started(
    tmp_path: Path, dice: random.Random | None = None, database: str = "sandbox.sqlite3"
) -> AsyncIterator[Sandbox]:
    """The sandbox running in this process (on free ports, computer players without pauses),
    its games in ``database`` in ``tmp_path``; ``dice`` replays the same games. Its pictures
    are drawn in threads: a picture process per core, started anew for each test, cost a
    second of each test's start, and the picture processes have tests of their own."""
    settings = replace(
        Settings.load({}, tmp_path / "none"),
        sandbox_database=str(tmp_path / database),
        sandbox_port=0,
        bot_pause=0,
        render_processes=0,
    )
    emulator = DiscordEmulator(rate_limits=QUICK_LIMITS)
    async with sandbox_running(
        settings, emulator, within=20, dice=dice, guild_ready_timeout=0.01
    ) as url:
        yield Sandbox(url, emulator)


@pytest.fixture
def dice_seed() -> int | None:
    """The seed of the bot's dice (None: the system's): a test module that plays a game
    through gives one, to play the same game every run."""
    return None


@pytest_asyncio.fixture(loop_scope="session")
async def sandbox(tmp_path: Path, dice_seed: int | None) -> AsyncIterator[Sandbox]:
    dice = None if dice_seed is None else random.Random(dice_seed)
    async with started(tmp_path, dice=dice) as sandbox:
        yield sandbox


@pytest.fixture
def sandbox_url(sandbox: Sandbox) -> str:
    return sandbox.url


@pytest_asyncio.fixture(loop_scope="session")
async def bare_page() -> AsyncIterator[Sandbox]:
    """The page alone, over an emulator no bot is connected to: for what the page decides
    by itself, without a bot's start and stop around each test."""
    emulator = DiscordEmulator(rate_limits=QUICK_LIMITS)
    await emulator.start()
    page = SandboxPage(emulator, populate(emulator))
    yield Sandbox(await page.start(), emulator)
    await page.close()
    await emulator.close()


@pytest.fixture
def bare_page_url(bare_page: Sandbox) -> str:
    return bare_page.url


Commands = Callable[[app_commands.CommandTree[discord.Client]], None]
"""Adds a test's own slash commands to a bot's tree."""


@contextlib.asynccontextmanager
async def bot_offering(page: Sandbox, commands: Commands) -> AsyncIterator[Sandbox]:
    """The page, with a discord.py bot of its own connected that offers ``commands``."""
    use_discord_at(page.emulator.base_url)
    client = discord.Client(intents=discord.Intents.none(), guild_ready_timeout=0.01)
    tree = app_commands.CommandTree(client)
    commands(tree)
    await client.login(page.emulator.token)
    task = asyncio.create_task(client.connect())
    try:
        await client.wait_until_ready()
        await tree.sync()
        yield page
    finally:
        await client.close()
        await task


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def chromium() -> AsyncIterator[Browser]:
    """One Chromium for a worker's browser tests."""
    assert CHROMIUM.exists(), (
        "the browser tests need Debian's chromium-headless-shell (scripts/test.sh installs it)"
    )
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True)
        yield browser
        await browser.close()


@pytest_asyncio.fixture(loop_scope="session")
async def browser(chromium: Browser) -> AsyncIterator[Browser]:
    """The worker's Chromium, left as the test found it: every page the test opened and
    did not leave blank for the next (``page_at``) is closed with its context after it, so
    none goes on calling a sandbox that stopped."""
    yield chromium
    for context in chromium.contexts:
        if not all(is_spare(page) for page in context.pages):
            await context.close()


@pytest_asyncio.fixture(loop_scope="session")
async def page(browser: Browser, sandbox_url: str) -> AsyncIterator[Page]:
    """A desktop page on the sandbox; the tests of the page alone have their own, on the
    bare page."""
    async with open_page(browser, sandbox_url, DESKTOP) as page:
        yield page


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The sandbox's tests run in one event loop per worker, as their fixtures do
    (``loop_scope="session"``), so that one Chromium serves them all (``browser``):
    launched for each test, it cost a second of each."""
    here = Path(__file__).parent
    session = pytest.mark.asyncio(loop_scope="session")
    for item in items:
        if here in item.path.parents and pytest_asyncio.is_async_test(item):
            item.add_marker(session, append=False)
