"""``python -m module`` for the tests, forked from a process that has imported the bot.

The suite starts a hundred processes or so that run the bot or its service (bots killed
and restarted, shards in two processes, the kill tests' children), and each spent 0.4 to
0.65 s of CPU importing the same modules before doing anything. Here they are forked from
multiprocessing's fork server, which imported them once (``PRELOADED``): a child is what
``python -m module args`` would be, in a session of its own, with the environment and
folder it is given, its output and errors piped back, and its exit status (``-N`` when
signal N ended it) as the test would see it. What a new interpreter does only at its
start (reading its environment at import, ``PYTHON*`` variables) is not done again: the
children's modules read their settings when they run, not when they are imported.

Only for children whose own start is not the point: a test of how ``claimit`` starts (a
shell's job, ``-m bot``) starts it as a new process (``tests.processes``).
"""

from __future__ import annotations

import asyncio
import functools
import multiprocessing
import multiprocessing.connection
import os
import runpy
import signal
import subprocess
import sys
from collections.abc import Callable, Mapping
from multiprocessing import forkserver
from types import FrameType
from typing import IO, Any

PRELOADED = [
    "tests.e2e.bot_process",
    "tests.bot.kill_child",
    "tests.features.tournaments.tournament_kill_child",
]
"""What the fork server imports before it forks anything: all the children's modules."""

_CONTEXT = multiprocessing.get_context("forkserver")
_CONTEXT.set_forkserver_preload(PRELOADED)


STARTING_SIGNALS: dict[signal.Signals, Callable[[int, FrameType | None], Any] | int] = {
    signal.SIGINT: signal.default_int_handler,
    signal.SIGTERM: signal.SIG_DFL,
    signal.SIGHUP: signal.SIG_DFL,
}
"""How a new interpreter handles these signals, unless it was started with one ignored."""


def _run(
    module: str,
    args: tuple[str, ...],
    environment: dict[str, str],
    folder: str,
    outputs: tuple[multiprocessing.connection.Connection | None, ...],
    ignored: tuple[signal.Signals, ...],
) -> None:
    """In the child: becomes ``python -m module args`` and runs it."""
    for number, handler in STARTING_SIGNALS.items():
        signal.signal(number, signal.SIG_IGN if number in ignored else handler)
    os.setsid()
    os.chdir(folder)
    os.environ.clear()
    os.environ.update(environment)
    for fd, output in zip((1, 2), outputs, strict=True):
        if output is not None:
            os.dup2(output.fileno(), fd)
            output.close()
    sys.argv = [module, *args]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


class _Forked:
    """The child as multiprocessing sees it, and the read ends of its pipes."""

    def __init__(
        self,
        module: str,
        args: tuple[str, ...],
        environment: Mapping[str, str],
        folder: str,
        piped: tuple[bool, bool],
    ) -> None:
        reads: list[int | None] = []
        writes: list[multiprocessing.connection.Connection | None] = []
        for wanted in piped:
            if wanted:
                read, write = _CONTEXT.Pipe(duplex=False)
                reads.append(os.dup(read.fileno()))
                read.close()
                writes.append(write)
            else:
                reads.append(None)
                writes.append(None)
        self.process = _CONTEXT.Process(
            target=_run,
            # What the test's process ignores, a child it started would ignore too.
            args=(module, args, dict(environment), folder, tuple(writes), _ignored()),
            name=f"python -m {module}",
        )
        self.process.start()
        for end in writes:
            if end is not None:
                end.close()
        self.reads = reads
        assert self.process.pid is not None
        self.pid: int = self.process.pid

    @property
    def returncode(self) -> int | None:
        return self.process.exitcode


class ForkedProcess(_Forked):
    """A forked child seen as ``asyncio.subprocess.Process`` is: ``pid``, ``returncode``,
    ``wait``, ``send_signal``, and its ``stdout`` and ``stderr`` as stream readers."""

    stdout: asyncio.StreamReader | None = None
    stderr: asyncio.StreamReader | None = None

    async def _connect(self) -> None:
        loop = asyncio.get_running_loop()
        streams: list[asyncio.StreamReader | None] = []
        for fd in self.reads:
            if fd is None:
                streams.append(None)
                continue
            reader = asyncio.StreamReader()
            protocol = asyncio.StreamReaderProtocol(reader)
            await loop.connect_read_pipe(
                functools.partial(_same, protocol), os.fdopen(fd, "rb", buffering=0)
            )
            streams.append(reader)
        self.stdout, self.stderr = streams

    async def wait(self) -> int:
        """Its exit status, once it has ended."""
        loop = asyncio.get_running_loop()
        ended: asyncio.Future[None] = loop.create_future()

        def done() -> None:
            if not ended.done():
                ended.set_result(None)

        sentinel = self.process.sentinel
        loop.add_reader(sentinel, done)
        try:
            await ended
        finally:
            loop.remove_reader(sentinel)
        self.process.join()
        code = self.returncode
        assert code is not None
        return code

    def send_signal(self, number: int) -> None:
        os.kill(self.pid, number)


class ForkedPopen(_Forked):
    """A forked child seen as ``subprocess.Popen`` (text mode, both outputs piped) is:
    ``pid``, ``returncode``, ``wait``, and its ``stdout`` and ``stderr`` as text files."""

    def __init__(
        self, module: str, args: tuple[str, ...], environment: Mapping[str, str], folder: str
    ) -> None:
        super().__init__(module, args, environment, folder, (True, True))
        out, err = self.reads
        assert out is not None and err is not None
        self.stdout: IO[str] = os.fdopen(out, "r")
        self.stderr: IO[str] = os.fdopen(err, "r")

    def poll(self) -> int | None:
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        self.process.join(timeout)
        code = self.returncode
        if code is None:
            raise subprocess.TimeoutExpired(self.process.name, timeout or 0)
        return code


async def start(
    module: str,
    *args: str,
    env: Mapping[str, str],
    cwd: str,
    stdout: bool = False,
    stderr: bool = False,
) -> ForkedProcess:
    """``python -m module args`` forked, ``stdout`` and ``stderr`` piped as asked."""
    process = ForkedProcess(module, args, env, cwd, (stdout, stderr))
    await process._connect()
    return process


def popen(module: str, *args: str, env: Mapping[str, str], cwd: str) -> ForkedPopen:
    """``python -m module args`` forked, both outputs piped, for a test that is not async."""
    return ForkedPopen(module, args, env, cwd)


def _ignored() -> tuple[signal.Signals, ...]:
    return tuple(n for n in STARTING_SIGNALS if signal.getsignal(n) == signal.SIG_IGN)


def _same(protocol: asyncio.StreamReaderProtocol) -> asyncio.StreamReaderProtocol:
    return protocol


def stop_the_server() -> None:
    """Ends the fork server (its children have ended); Python keeps no public way (3.11)."""
    forkserver._forkserver._stop()  # type: ignore[attr-defined]
