"""The processes the end-to-end benches start beside the emulator: the bot (or the
floor, ``bench.floor_bot``), one process or several (``Setup``), each read and stopped as
a supervisor would (``BotProcess``), and a throwaway PostgreSQL cluster
(``PostgresCluster``). Every one of them stops with the bench, on Ctrl-C or an error
too (``tests.processes``)."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import os
import re
import signal
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bench.cpu_profiled import WRAPPER
from emulator import DiscordEmulator
from tests import processes
from tests.postgres_cluster import running_cluster

ROOT = Path(__file__).resolve().parents[1]
BACKENDS = ("sqlite", "postgresql")
SHARDS_PER_PROCESS = 2
READY_TIMEOUT = 90.0
STOP_TIMEOUT = 15.0
BOT_COMMAND = ("-m", "bot")
"""How the bot is started (after the interpreter)."""
BOT_READY = b"claimit ready"
"""What the bot logs once every shard of it is connected."""
PICTURES = re.compile(r"(\d+) pictures made \((\d+) of them made before\)")
"""The bot's line on stopping, with the pictures it encoded."""
METRICS = re.compile(r"metrics on (http://\S+/metrics)")
"""The bot's line saying where its figures are (on a port it picked)."""
_readers: set[asyncio.Task[None]] = set()
"""Tasks reading bot processes' logs: the event loop keeps only weak references."""


def bot_environment(
    emulator: DiscordEmulator,
    database: str,
    shard_count: int | None = None,
    shards: str | None = None,
    processes: int = 1,
) -> dict[str, str]:
    """The bot's settings; ``processes`` bot processes on this machine share its cores
    for their pictures, as docs/operating.md advises."""
    cores = len(os.sched_getaffinity(0))
    environment = {
        **os.environ,
        "DISCORD_TOKEN": emulator.token,
        "CLAIMIT_DATABASE": database,
        "CLAIMIT_DISCORD_URL": emulator.base_url,
        "CLAIMIT_LOG_LEVEL": "INFO",
        "CLAIMIT_RENDER_PROCESSES": str(max(1, cores // processes)),
        # Its figures on a free port, which it logs (``BotProcess.metrics``).
        "CLAIMIT_METRICS_PORT": "0",
        "CLAIMIT_METRICS_HOST": "127.0.0.1",
    }
    # Never the shell's own shard settings: they would describe another bot.
    for name, value in (("CLAIMIT_SHARD_COUNT", shard_count), ("CLAIMIT_SHARDS", shards)):
        environment.pop(name, None)
        if value is not None:
            environment[name] = str(value)
    return environment


class BotProcess:
    """``python -m bot`` (or ``command``: the floor) in a process of its own, ready once
    it logs ``ready``; under yappi (``bench.cpu_profiled``) with a ``profile`` to write.
    Its log is read all along, since a pipe nobody reads fills up and then blocks the
    bot's next log line; the last lines are kept to show why it stopped."""

    def __init__(
        self,
        name: str,
        environment: dict[str, str],
        command: Sequence[str] = BOT_COMMAND,
        ready: bytes = BOT_READY,
        profile: Path | None = None,
    ) -> None:
        self.name = name
        self.environment = environment
        self.command = tuple(command)
        self.ready = ready
        self.profile = profile
        """Where it writes its CPU profile, when it runs under ``bench.cpu_profiled``."""
        self.process: asyncio.subprocess.Process | None = None
        self.lines: collections.deque[str] = collections.deque(maxlen=40)
        self.metrics: str | None = None
        """The URL of its figures, as it logged it while starting (the floor has none)."""
        self._reader: asyncio.Task[None] | None = None

    async def start(self) -> None:
        wrapper = () if self.profile is None else (*WRAPPER, str(self.profile))
        self.process = await processes.start(
            sys.executable,
            *wrapper,
            *self.command,
            cwd=ROOT,
            env=self.environment,
            stderr=asyncio.subprocess.PIPE,
        )
        stderr = self.process.stderr
        assert stderr is not None
        async with asyncio.timeout(READY_TIMEOUT):
            while True:
                line = await stderr.readline()
                if not line:
                    raise RuntimeError(f"{self.name} exited before it was ready:\n{self.tail()}")
                self.lines.append(line.decode(errors="replace"))
                if served := METRICS.search(self.lines[-1]):
                    self.metrics = served[1]
                if self.ready in line:
                    break
        self._reader = asyncio.create_task(self._read_on(stderr))
        _readers.add(self._reader)
        self._reader.add_done_callback(_readers.discard)

    async def _read_on(self, stderr: asyncio.StreamReader) -> None:
        while line := await stderr.readline():
            self.lines.append(line.decode(errors="replace"))

    def tail(self) -> str:
        return "".join(self.lines)

    async def exited(self) -> str:
        """Once the process has ended (by itself): what it last logged."""
        assert self.process is not None
        code = await self.process.wait()
        return f"{self.name} exited with code {code}:\n{self.tail()}"

    async def stop(self) -> None:
        """As a supervisor stops the bot (SIGTERM: it finishes what runs, closes its
        database and sessions), or killed if it takes too long."""
        if self.process is not None:
            await processes.stop(self.process, within=STOP_TIMEOUT)
        if self._reader is not None:
            # Its last lines (what it made, on stopping) are read before the log is.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(self._reader), STOP_TIMEOUT)

    def pictures(self) -> tuple[int, int] | None:
        """The pictures it made, and how many of them it had made before, as its last
        line said when it stopped."""
        found = [(int(m[1]), int(m[2])) for line in self.lines if (m := PICTURES.search(line))]
        return found[-1] if found else None


async def start_bot(emulator: DiscordEmulator, database: Path) -> asyncio.subprocess.Process:
    """One bot process on a SQLite file, running every shard, once it is ready."""
    bot = BotProcess("the bot", bot_environment(emulator, str(database)))
    await bot.start()
    assert bot.process is not None
    return bot.process


@dataclass(frozen=True)
class Setup:
    backend: str
    processes: int

    @property
    def shard_count(self) -> int:
        return SHARDS_PER_PROCESS * self.processes

    def shards_of(self, index: int) -> str | None:
        """``CLAIMIT_SHARDS`` of the ``index``-th process; ``None`` (all of them) when
        it is the only one."""
        if self.processes == 1:
            return None
        first = SHARDS_PER_PROCESS * index
        return f"{first}-{first + SHARDS_PER_PROCESS - 1}"

    def process_names(self, role: str = "bot") -> list[str]:
        """The processes' names in the report: ``role`` (the bot, or the floor), numbered
        when there are several."""
        if self.processes == 1:
            return [role]
        return [f"{role} {n + 1}" for n in range(self.processes)]

    def __str__(self) -> str:
        backend = "PostgreSQL" if self.backend == "postgresql" else "SQLite"
        if self.processes == 1:
            return f"{backend}, 1 bot process running all {self.shard_count} shards"
        return (
            f"{backend}, {self.processes} bot processes with {SHARDS_PER_PROCESS} of the "
            f"{self.shard_count} shards each"
        )


def refusal(backend: str, processes: int) -> str | None:
    """Why the bench can't run this setup, if it can't."""
    if processes < 1:
        return f"--processes must be 1 or more, not {processes}"
    if processes > 1 and backend != "postgresql":
        return (
            f"--processes {processes} needs --backend postgresql: several bot processes "
            "share one PostgreSQL database, and a SQLite file is one process's"
        )
    return None


def hold_cluster() -> None:
    """The body of ``PostgresCluster``'s process: starts a throwaway cluster, writes a
    new database's URL and the postmaster's pid, and stops the cluster once its standard
    input closes."""
    with running_cluster() as cluster:
        url = asyncio.run(cluster.new_database())
        print(url, cluster.postmaster or 0, flush=True)
        sys.stdin.read()


class PostgresCluster:
    """A throwaway PostgreSQL cluster held by a process of its own, in a session of its
    own: Ctrl-C in a terminal reaches the whole foreground process group, and would
    stop ``pg_ctl start`` half way, leaving a server nobody stops. The cluster goes when
    that process's standard input closes: when the bench ends, however it ends."""

    def __init__(self) -> None:
        self.process: asyncio.subprocess.Process | None = None
        self.url = ""
        self.postmaster: int | None = None

    async def start(self) -> None:
        self.process = await processes.start(
            sys.executable,
            "-c",
            "from bench.bot_processes import hold_cluster; hold_cluster()",
            cwd=ROOT,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        assert self.process.stdout is not None
        async with asyncio.timeout(READY_TIMEOUT):
            line = (await self.process.stdout.readline()).decode().split()
        if len(line) != 2:
            raise RuntimeError("the PostgreSQL cluster did not start (its error is above)")
        self.url, self.postmaster = line[0], int(line[1]) or None

    async def stop(self) -> None:
        process = self.process
        if process is None:
            return
        assert process.stdin is not None
        process.stdin.close()
        try:
            await asyncio.wait_for(processes.ended(process), STOP_TIMEOUT)
        except TimeoutError:
            await processes.stop(process, signal.SIGKILL)
            if self.postmaster is not None:
                # Its holder was killed before it stopped it: PostgreSQL's immediate stop.
                with contextlib.suppress(ProcessLookupError):
                    os.kill(self.postmaster, signal.SIGQUIT)
