"""The real bot in a process of its own (``tests.e2e.bot_process``), seen from the test:
started, its log lines waited for, killed or stopped as a supervisor stops it."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from pathlib import Path

from emulator import DiscordEmulator
from tests import processes

ROOT = Path(__file__).resolve().parents[2]
BOT_PROCESS = "tests.e2e.bot_process"


def bot_environment(emulator: DiscordEmulator, database: str, **settings: str) -> dict[str, str]:
    """The environment of a bot process on ``emulator`` and ``database``, as ``claimit``
    reads its settings: computer players without pauses, INFO lines (a test waits for
    some), pictures drawn in the bot's own threads, and ``settings`` by their names
    (``CLAIMIT_SHARDS="0-1"``). A picture process costs its start (0.6-0.8 s of CPU:
    imports and palettes) with every bot process a test starts, about as much again as
    the bot's own start, on cores the test workers share; the picture processes have
    tests of their own (``tests/bot/test_painters.py``)."""
    return {
        **os.environ,
        "DISCORD_TOKEN": emulator.token,
        "CLAIMIT_DISCORD_URL": emulator.base_url,
        "CLAIMIT_DATABASE": database,
        "CLAIMIT_BOT_PAUSE": "0",
        "CLAIMIT_LOG_LEVEL": "INFO",
        "CLAIMIT_RENDER_PROCESSES": "0",
        **settings,
    }


class BotProcess:
    def __init__(
        self,
        environment: dict[str, str],
        *,
        program: tuple[str, ...] = ("-m", BOT_PROCESS),
        ignoring_sigint: bool = False,
    ) -> None:
        """``environment``: the settings, as ``claimit`` reads them. ``program``: Python's
        arguments (``-m bot`` is ``claimit`` itself). ``ignoring_sigint``: started as a
        non-interactive shell starts a job in the background, with SIGINT ignored."""
        self.environment = environment
        self.command = (sys.executable, *program)
        # Forked from a process that has imported the bot (``tests.forked``), unless how
        # it starts is the point (``claimit`` itself, or started as a shell's job).
        self.forked = program == ("-m", BOT_PROCESS) and not ignoring_sigint
        if ignoring_sigint:
            self.command = ("bash", "-c", "trap '' INT; exec \"$@\"", "bash", *self.command)
        self.process: processes.Child | None = None
        self.lines: list[str] = []
        """What it logged, a line each; ``"<exited>"`` once it has ended."""
        self._logged = asyncio.Condition()
        self._reading: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Starts it, and returns once it is ready (connected, its games resumed)."""
        self.lines.clear()
        if self.forked:
            process: processes.Child = await processes.start_python_module(
                BOT_PROCESS, env=self.environment, stderr=True
            )
        else:
            process = await processes.start(
                *self.command, cwd=ROOT, env=self.environment, stderr=asyncio.subprocess.PIPE
            )
        self.process = process
        # Read all along: a pipe nobody reads fills up and blocks the bot's next line.
        assert process.stderr is not None
        self._reading = asyncio.create_task(self._read(process.stderr))
        await self.logged(r"claimit ready")

    async def _read(self, stderr: asyncio.StreamReader) -> None:
        while line := await stderr.readline():
            async with self._logged:
                self.lines.append(line.decode(errors="replace"))
                self._logged.notify_all()
        async with self._logged:
            self.lines.append("<exited>")
            self._logged.notify_all()

    async def logged(self, pattern: str, since: int = 0) -> str:
        """The first log line from the ``since``-th on matching ``pattern``, once the
        process has written it."""
        found: list[str] = []

        def seen() -> bool:
            found[:] = [line for line in self.lines[since:] if re.search(pattern, line)]
            if not found and self.lines and self.lines[-1] == "<exited>":
                raise AssertionError(f"exited before logging {pattern!r}:\n{''.join(self.lines)}")
            return bool(found)

        async with self._logged:
            await self._logged.wait_for(seen)
        return found[0]

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.returncode is None

    async def signal(self, number: int) -> None:
        """Sends it a signal, as a supervisor or a terminal would."""
        assert self.process is not None
        self.process.send_signal(number)

    async def exited(self) -> int:
        """Once it has ended (by a signal sent before): its exit status."""
        assert self.process is not None
        status = await processes.ended(self.process)
        assert self._reading is not None
        await self._reading
        return status

    async def kill(self) -> int:
        """Kills it (SIGKILL): nothing of it runs on. Returns its exit status."""
        assert self.process is not None
        status = await processes.stop(self.process, signal.SIGKILL)
        assert self._reading is not None
        await self._reading
        return status

    async def stop(self) -> int:
        """Stops it as systemd or ``docker stop`` does (SIGTERM); killed if it hangs.
        Returns its exit status."""
        assert self.process is not None
        status = await processes.stop(self.process)
        if self._reading is not None:
            await self._reading
        return status

    def log(self) -> str:
        return "".join(self.lines)
