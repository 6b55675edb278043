"""Background work stops when it is stopped, whatever moment the stop comes at: a sleep
cancelled just as it is woken, a task asked to start after its stop, and discord.py's
on_ready running after the bot began to stop (it says it is ready first, and runs
on_ready after), and a look refused because the process is stopping, which ends the
looking without a word."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from bot.background.looks import Looks
from bot.background.stopping import Stopping
from bot.background.task import Background
from bot.clock import SystemClock
from bot.discord_ui.core.turns.handlers import Turns
from tests.e2e.world import running_world


async def test_a_sleep_cancelled_as_it_is_woken_ends_cancelled() -> None:
    # Python 3.11's wait_for returned normally here: the background task that slept
    # went on looping, and the stop that cancelled it waited for it forever.
    wake = asyncio.Event()
    sleeping = asyncio.create_task(SystemClock().sleep_until(time.time() + 3600, wake))
    for _ in range(3):
        await asyncio.sleep(0)
    wake.set()
    sleeping.cancel()
    with pytest.raises(asyncio.CancelledError):
        await sleeping


class Forever(Background):
    def start(self) -> None:
        self._start()

    async def _run(self) -> None:
        await asyncio.Event().wait()


async def test_background_work_stopped_does_not_start_again() -> None:
    work = Forever()
    work.start()
    await work.stop()
    work.start()
    assert work._task is None


async def test_on_ready_after_the_bot_began_to_stop_starts_nothing(tmp_path: Path) -> None:
    async with running_world(tmp_path) as world:
        bot = world.bots[0]
        await world.stop_bots()
        await bot.on_ready()
        background = (bot.parts.get(Turns).deadlines, bot.table.reconciler, bot.lease_keeper)
        assert [work._task for work in background] == [None, None, None]


class RefusedLook(Looks):
    def __init__(self) -> None:
        super().__init__(SystemClock())
        self.looked = 0

    async def look(self) -> float:
        self.looked += 1
        raise Stopping()


async def test_a_look_refused_by_the_stop_ends_the_looking_quietly(
    caplog: pytest.LogCaptureFixture,
) -> None:
    # A look holding a game as admitted work met the stop begun: logged with its
    # traceback as a failure, and tried again, until the task was cancelled.
    looks = RefusedLook()
    looks.start()
    assert looks._task is not None
    await asyncio.wait_for(looks._task, 5)
    assert looks.looked == 1
    assert caplog.records == []
