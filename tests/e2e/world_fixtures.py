"""The end-to-end tests' fixtures: a world with the real bot against the emulated Discord
(``world``, ``threaded``, ``board_world``), an emulator of its own, an HTTP client, and
two that every end-to-end test has without asking (a report of what a hung test waits
on, and the bot's deferral scaled to the emulator's deadline). Not a conftest, so that
both folders of end-to-end tests take them: ``tests/e2e/`` and the features' own
(``tests/features/``), each conftest naming them."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from bot.discord_ui import interaction_answers
from emulator import DiscordEmulator
from tests.e2e.world import (
    DEFER_AFTER,
    THREAD_PERMISSIONS,
    World,
    make_world,
    running_world,
)
from tests.hang_report import reported_if_hung
from tests.quick_limits import QUICK_LIMITS


@pytest.fixture(autouse=True)
async def hang_report(request: pytest.FixtureRequest) -> AsyncIterator[None]:
    """A test still running near its timeout writes what each task waits on."""
    marker = request.node.get_closest_marker("timeout")
    timeout = float(marker.args[0] if marker and marker.args else request.config.getini("timeout"))
    if timeout <= 0:
        yield
        return
    async with reported_if_hung(timeout):
        yield


@pytest.fixture(autouse=True)
def deferral_scaled(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot in this process defers as Discord's deadline here allows (``DEFER_AFTER``);
    a test of deferral sets the same ``monkeypatch`` to its own figure."""
    monkeypatch.setattr(interaction_answers, "DEFER_AFTER", DEFER_AFTER)


@pytest.fixture
async def world(tmp_path: Path, database_target: str) -> AsyncIterator[World]:
    """A world with the bot, on each database in turn."""
    async with running_world(tmp_path, database=database_target) as world:
        yield world


@pytest.fixture
async def emulator() -> AsyncIterator[DiscordEmulator]:
    """An emulated Discord of its own, for a test that runs the bot in processes (four
    shards may identify together)."""
    emulator = DiscordEmulator(max_concurrency=4, rate_limits=QUICK_LIMITS)
    await emulator.start()
    try:
        yield emulator
    finally:
        await emulator.close()


@pytest.fixture
async def threaded(tmp_path: Path, database_target: str) -> AsyncIterator[World]:
    """A world whose bot may start threads and post in them, on each database in turn."""
    async with running_world(
        tmp_path, bot_permissions=THREAD_PERMISSIONS, database=database_target
    ) as world:
        yield world


@pytest.fixture
async def board_world(tmp_path: Path) -> AsyncIterator[World]:
    """A world of three players whose bot serves the board (the Activity)."""
    world = await make_world(tmp_path, players=3)
    await world.start_bot(board=True)
    async with world:
        yield world


@pytest.fixture
async def session() -> AsyncIterator[aiohttp.ClientSession]:
    """An HTTP client of the test's own, as a board's page is."""
    async with aiohttp.ClientSession() as session:
        yield session
