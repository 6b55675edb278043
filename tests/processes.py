"""Every process the tests and benches start, and how each is stopped.

Each child runs in a process group (a session) of its own, so that stopping it
reaches whatever it started too, and a Ctrl-C in a terminal reaches only the test
run, which then stops its children itself. Each carries this run's mark in its
environment (``MARK``), which its own children inherit, so that anything left
behind can be found by it (``left_behind``), however it was started: the suite
fails if a process outlives it (``tests.process_guard``).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import os
import secrets
import signal
import subprocess
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from tests import forked

MARK = "CLAIMIT_TESTS_STARTED_BY"
"""The environment variable naming the runs (space-separated) a process was started by."""
RUN = f"{os.getpid()}.{secrets.token_hex(4)}"
"""This run's name in the mark."""
STOP_WITHIN = 20.0
"""Seconds a child has to stop after its signal before it is killed."""
REPOSITORY = Path(__file__).resolve().parents[1]

_running: dict[int, Callable[[], None]] = {}
"""What stops each live child at once (by its process group, or its server's pid), for
when the run itself is being stopped."""


def marked(environment: Mapping[str, str] | None = None) -> dict[str, str]:
    """``environment`` (this process's by default) with this run's mark added."""
    environment = dict(os.environ if environment is None else environment)
    runs = environment.get(MARK, "").split()
    environment[MARK] = " ".join([*runs, RUN] if RUN not in runs else runs)
    return environment


def mark_this_process() -> None:
    """Everything started from here on (by any means) carries this run's mark."""
    os.environ.update({MARK: marked()[MARK]})


async def start(
    *command: str, env: Mapping[str, str] | None = None, **options: Any
) -> asyncio.subprocess.Process:
    """``asyncio.create_subprocess_exec`` in a session of its own, marked, remembered
    until ``stop``."""
    process = await asyncio.create_subprocess_exec(
        *command, env=marked(env), start_new_session=True, **options
    )
    _remember(process.pid)
    return process


def popen(
    *command: str, env: Mapping[str, str] | None = None, **options: Any
) -> subprocess.Popen[str]:
    """``subprocess.Popen`` (text mode) likewise."""
    process = subprocess.Popen(
        command, env=marked(env), start_new_session=True, text=True, **options
    )
    _remember(process.pid)
    return process


def python_module(module: str, *args: str) -> forked.ForkedPopen:
    """``python -m module args`` from the repository's root, forked (``tests.forked``),
    marked and remembered, what it writes and its errors piped back to the test."""
    process = forked.popen(module, *args, env=marked(), cwd=str(REPOSITORY))
    _remember(process.pid)
    return process


async def start_python_module(
    module: str, *args: str, env: Mapping[str, str], stderr: bool = False
) -> forked.ForkedProcess:
    """``start`` for ``python -m module args`` from the repository's root, forked
    (``tests.forked``); ``stderr`` piped back to the test if asked."""
    process = await forked.start(module, *args, env=marked(env), cwd=str(REPOSITORY), stderr=stderr)
    _remember(process.pid)
    return process


class Child(Protocol):
    """A child as ``stop`` and ``ended`` see it: started (``start``) or forked
    (``start_python_module``)."""

    @property
    def pid(self) -> int: ...

    @property
    def returncode(self) -> int | None: ...

    @property
    def stderr(self) -> asyncio.StreamReader | None: ...

    async def wait(self) -> int: ...

    def send_signal(self, number: int) -> None: ...


async def stop(
    process: Child,
    signal_number: int = signal.SIGTERM,
    within: float = STOP_WITHIN,
) -> int:
    """Signals the child's whole process group, waits for the child, and kills the
    group if it takes longer than ``within``; whatever is left of the group goes too.
    Returns the child's exit status."""
    _signal_group(process.pid, signal_number)
    try:
        await asyncio.wait_for(process.wait(), within)
    except TimeoutError:
        _signal_group(process.pid, signal.SIGKILL)
        await process.wait()
    # Something it started and left running (a child of its own) ends with it.
    _signal_group(process.pid, signal.SIGKILL)
    _running.pop(process.pid, None)
    assert process.returncode is not None
    return process.returncode


async def ended(process: Child) -> int:
    """Waits for a child that is ending by itself (after a signal sent before); whatever
    it left running in its group goes. Returns its exit status."""
    status = await process.wait()
    _signal_group(process.pid, signal.SIGKILL)
    _running.pop(process.pid, None)
    return status


def stop_popen(
    process: subprocess.Popen[str] | forked.ForkedPopen,
    signal_number: int = signal.SIGTERM,
    within: float = STOP_WITHIN,
) -> int:
    """``stop`` for a ``popen`` child."""
    _signal_group(process.pid, signal_number)
    try:
        process.wait(within)
    except subprocess.TimeoutExpired:
        _signal_group(process.pid, signal.SIGKILL)
        process.wait()
    _signal_group(process.pid, signal.SIGKILL)
    _running.pop(process.pid, None)
    assert process.returncode is not None
    return process.returncode


def remember_server(pid: int, stop_now: Callable[[], None]) -> None:
    """A server the run started that is not its child (PostgreSQL's postmaster, which
    ``pg_ctl`` starts in a session of its own): ``stop_now`` stops it at once."""
    _running[pid] = stop_now


def forget_server(pid: int) -> None:
    _running.pop(pid, None)


def stop_everything_now() -> None:
    """Stops every child and server still running, at once (the run is being stopped)."""
    for stop_now in list(_running.values()):
        with contextlib.suppress(OSError):
            stop_now()
    _running.clear()


def children() -> dict[int, list[int]]:
    """Every live process's children, by parent pid (from Linux's ``/proc``)."""
    found: dict[int, list[int]] = collections.defaultdict(list)
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue  # gone meanwhile
        # The command's name, in parentheses, may hold anything: the fields after it are
        # the state, then the parent's pid.
        found[int(stat.rpartition(")")[2].split()[1])].append(int(entry.name))
    return found


def signal_children(signal_number: int) -> None:
    """Passes a signal on to this process's own children: in a run spread over
    pytest-xdist's workers, the workers, which then stop what their tests started."""
    for pid in children().get(os.getpid(), []):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal_number)


def _remember(pid: int) -> None:
    _running[pid] = lambda: _signal_group(pid, signal.SIGKILL)


def _signal_group(leader: int, signal_number: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(leader, signal_number)


@dataclass(frozen=True)
class LeftBehind:
    pid: int
    command: str


def left_behind(run: str = RUN) -> list[LeftBehind]:
    """The processes that ``run`` started (directly or not) and that still run, this
    process aside."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            environment = (entry / "environ").read_bytes().split(b"\0")
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue  # gone meanwhile, or a zombie
        for variable in environment:
            name, _, value = variable.partition(b"=")
            if name == MARK.encode() and run in value.decode(errors="replace").split():
                found.append(LeftBehind(int(entry.name), command.strip()))
    return found


def kill(leftovers: list[LeftBehind]) -> None:
    for process in leftovers:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(process.pid, signal.SIGKILL)
