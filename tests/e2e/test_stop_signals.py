"""SIGTERM and SIGINT stop ``claimit`` gracefully however it was started: the bot, the
sandbox, and a process running some of the shards, also when it was started as a
non-interactive shell starts a background job (``claimit &`` in a script, ``nohup``),
which leaves it SIGINT ignored, and once it has run itself again optimized. A second
signal exits at once; a stop that hangs past its bound exits all the same."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from bot.stop_signals import GRACE
from emulator import DiscordEmulator
from tests import processes
from tests.e2e.running_bot import ROOT, BotProcess, bot_environment
from tests.postgres_cluster import Cluster

STOPPED = r"claimit stopped in [\d.]+ s \(0 actions were running, none cut off"


async def stops_cleanly(bot: BotProcess, number: int) -> None:
    try:
        await bot.start()
        # Run again optimized (``bot.optimized_interpreter``), the same process: still the
        # one signalled, with SIGINT still ignored.
        assert bot.process is not None
        arguments = Path(f"/proc/{bot.process.pid}/cmdline").read_text().split("\0")
        assert arguments[1:4] == ["-OO", "-X", "no_debug_ranges"], arguments
        await bot.signal(number)
        assert await asyncio.wait_for(bot.exited(), 30) == 0, bot.log()
    finally:
        if bot.running:
            await bot.kill()
    assert "Traceback" not in bot.log(), bot.log()
    assert sum("claimit stopped" in line for line in bot.lines) == 1, bot.log()
    await bot.logged(STOPPED)


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
async def test_the_bot_started_with_sigint_ignored_stops_on_either_signal(
    emulator: DiscordEmulator, tmp_path: Path, number: int
) -> None:
    settings = bot_environment(emulator, str(tmp_path / "bot.sqlite3"))
    bot = BotProcess(settings, program=("-m", "bot"), ignoring_sigint=True)
    await stops_cleanly(bot, number)
    await bot.logged(r"shards 0 released")


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
async def test_the_sandbox_started_with_sigint_ignored_stops_on_either_signal(
    tmp_path: Path, number: int
) -> None:
    settings = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "CLAIMIT_"))}
    settings.update(
        CLAIMIT_SANDBOX_PORT="0", CLAIMIT_SANDBOX_DATABASE=str(tmp_path / "sandbox.sqlite3")
    )
    sandbox = BotProcess(settings, program=("-m", "bot"), ignoring_sigint=True)
    await stops_cleanly(sandbox, number)


async def test_a_shard_process_started_with_sigint_ignored_stops_on_sigterm(
    emulator: DiscordEmulator, postgres: Cluster
) -> None:
    database = await postgres.new_database()
    settings = bot_environment(emulator, database, CLAIMIT_SHARD_COUNT="2", CLAIMIT_SHARDS="1")
    bot = BotProcess(settings, program=("-m", "bot"), ignoring_sigint=True)
    await stops_cleanly(bot, signal.SIGTERM)
    # Alone, it stood in for shard 0 too, and lets both go.
    await bot.logged(r"shards 0, 1 released")


HANGING = """
import asyncio, logging, sys
from bot import stop_signals
from bot.stop_signals import run_until_stopped

# The grace beyond the bound, shortened: its five seconds would be waited out for real.
stop_signals.GRACE = float(sys.argv[2])

async def main():
    try:
        print("running", flush=True)
        await asyncio.sleep(3600)
    finally:
        # A clean-up that never ends (a connection that hangs).
        print("stopping", flush=True)
        await asyncio.sleep(3600)

logging.basicConfig(level="INFO")
run_until_stopped(main(), float(sys.argv[1]))
"""


async def hanging_stop(bound: float, grace: float = GRACE) -> asyncio.subprocess.Process:
    """A process whose stop hangs, once it runs; ``bound`` is its stop bound, ``grace``
    how much longer it may take to close."""
    process = await processes.start(
        sys.executable,
        "-c",
        HANGING,
        str(bound),
        str(grace),
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    assert process.stdout is not None
    assert await process.stdout.readline() == b"running\n"
    return process


async def test_a_second_signal_exits_at_once() -> None:
    process = await hanging_stop(600)
    try:
        assert process.stdout is not None
        process.send_signal(signal.SIGTERM)
        assert await process.stdout.readline() == b"stopping\n"
        process.send_signal(signal.SIGINT)
        assert await asyncio.wait_for(processes.ended(process), 30) == 128 + signal.SIGINT
    finally:
        await processes.stop(process, signal.SIGKILL)
    assert process.stderr is not None
    assert b"SIGINT again while stopping: exiting at once" in await process.stderr.read()


async def test_a_stop_that_hangs_past_its_bound_exits_anyway() -> None:
    process = await hanging_stop(0.5, grace=0.5)
    try:
        process.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(processes.ended(process), 30) == 1
    finally:
        await processes.stop(process, signal.SIGKILL)
    assert process.stderr is not None
    assert b"the stop on SIGTERM took more than 1 s" in await process.stderr.read()
