"""Where a bot process's CPU went: py-spy samples it for the run, without stopping it
(``--nonblocking``), and the samples are summed up by where they were.

Each sample is one thread's stack, from its entry to the function running or calling
into C (Pillow's drawing and quantizing, zlib, SQLite's queries show as the Python call
that made them). py-spy cannot tell a thread waiting in C from one working there on
this machine, so the samples of threads waiting for work (the event loop in ``select``,
idle worker threads) are left out by their place: the shares are of the busy samples.
"""

from __future__ import annotations

import asyncio
import collections
import re
import shutil
import signal
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from tests import processes

RATE = 100
"""Samples a second of each running thread."""
OURS = ("bot", "engine", "render", "i18n", "bench")
"""The project's packages: a sample is put down to the innermost of their functions
(the bench's own for the floor, ``bench.floor_bot``)."""
RUNNERS = ("asyncio.", "threading", "concurrent.futures.")
"""The modules that run jobs: the event loop's callbacks and tasks, worker threads'."""
WAITING = frozenset(
    {
        "selectors.EpollSelector.select",
        "selectors._PollLikeSelector.select",
        "aiosqlite.core._connection_worker_thread",
        "concurrent.futures.thread._worker",
        "threading.Condition.wait",
        "threading.Event.wait",
        "queue.Queue.get",
        "bot.storage.sqlite_threads.ConnectionThreads._next_job",
    }
)
"""Where a thread waits for work: the event loop for its sockets, aiosqlite's thread for
a query, the worker threads for a job, a process pool's thread for its processes, a
SQLite connection's thread for a transaction."""
_PYTHON = re.compile(r"python3\.\d+")
_FRAME = re.compile(r"^(?P<function>.+) \((?P<file>[^():]+)(?::\d+)?\)$")


@dataclass
class Profile:
    """The busy samples, by stack (frames from the outermost), and the seconds they
    cover."""

    stacks: collections.Counter[tuple[str, ...]] = field(default_factory=collections.Counter)
    seconds: float = 0.0

    @property
    def samples(self) -> int:
        return sum(self.stacks.values())

    def by_running(self, top: int) -> list[tuple[str, int]]:
        """The functions found running (or calling into C), most samples first."""
        counts: collections.Counter[str] = collections.Counter()
        for stack, count in self.stacks.items():
            counts[_short(stack[-1])] += count
        return counts.most_common(top)

    def by_our_code(self, top: int) -> list[tuple[str, int]]:
        """Each sample put down to the innermost function of the project's own in the
        job it was doing (what the event loop or a worker thread ran last), or to the
        library that job is in when it has none (discord.py's gateway, aiohttp)."""
        counts: collections.Counter[str] = collections.Counter()
        for stack, count in self.stacks.items():
            job = _job(stack)
            ours = next((frame for frame in reversed(job) if _is_ours(frame)), None)
            counts[_short(ours) if ours is not None else _library(job[0])] += count
        return counts.most_common(top)


def parse(raw: str, seconds: float) -> Profile:
    """py-spy's ``--format raw`` (one line per stack, ``frame;frame;… count``), without
    the samples of threads waiting."""
    profile = Profile(seconds=seconds)
    for line in raw.splitlines():
        stack, _, count = line.rpartition(" ")
        frames = tuple(stack.split(";"))
        if stack and count.isdigit() and _short(frames[-1]) not in WAITING:
            profile.stacks[frames] += int(count)
    return profile


def _parts(frame: str) -> tuple[str, str]:
    match = _FRAME.match(frame)
    if match is None:
        return frame, ""
    return match["function"], match["file"]


def module_of(path: str) -> str:
    """``…/site-packages/PIL/Image.py`` → ``PIL.Image``, ``…/python3.11/selectors.py`` →
    ``selectors``, ``…/render/common/png.py`` → ``render.common.png``."""
    if not path:
        return ""
    parts = Path(path).with_suffix("").parts
    for index in range(len(parts) - 1, -1, -1):
        if parts[index] == "site-packages" or _PYTHON.fullmatch(parts[index]):
            return ".".join(parts[index + 1 :])
    ours = next((index for index, part in enumerate(parts) if part in OURS), None)
    return ".".join(parts[ours:]) if ours is not None else Path(path).stem


def _job(stack: tuple[str, ...]) -> tuple[str, ...]:
    """The frames after the last of the event loop's or a thread pool's own."""
    runners = [
        i for i, frame in enumerate(stack) if module_of(_parts(frame)[1]).startswith(RUNNERS)
    ]
    start = runners[-1] + 1 if runners and runners[-1] + 1 < len(stack) else 0
    return stack[start:]


def _is_ours(frame: str) -> bool:
    _, path = _parts(frame)
    return "site-packages" not in path and module_of(path).split(".")[0] in OURS


def _short(frame: str) -> str:
    function, path = _parts(frame)
    return f"{module_of(path)}.{function}" if path else function


def _library(frame: str) -> str:
    _, path = _parts(frame)
    return f"{module_of(path).split('.')[0]} (library)" if path else frame


class Sampler:
    """py-spy recording one process until ``stop``; ``None`` profile where py-spy can't
    run (not installed, or not allowed to read another process)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.process: asyncio.subprocess.Process | None = None
        self.problem = ""
        self._folder = tempfile.TemporaryDirectory()
        self._output = Path(self._folder.name) / "profile.txt"
        self._started = 0.0

    async def start(self) -> None:
        spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
        if not Path(spy).exists():
            self.problem = "py-spy is not installed"
            return
        self.process = await processes.start(
            spy,
            "record",
            "--pid",
            str(self.pid),
            "--rate",
            str(RATE),
            "--nonblocking",
            "--full-filenames",
            "--format",
            "raw",
            "--output",
            str(self._output),
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.PIPE,
        )
        self._started = asyncio.get_running_loop().time()

    async def stop(self) -> Profile | None:
        """Stops the recording (py-spy writes what it has on SIGINT) and reads it."""
        process = self.process
        if process is None:
            return None
        seconds = asyncio.get_running_loop().time() - self._started
        await processes.stop(process, signal.SIGINT, within=10)
        assert process.stderr is not None
        said = (await process.stderr.read()).decode(errors="replace").strip()
        self.process = None
        try:
            raw = self._output.read_text()
        except OSError:
            self.problem = f"py-spy wrote nothing: {said.splitlines()[-1:] or '?'}"
            return None
        finally:
            self._folder.cleanup()
        return parse(raw, seconds)


def summary(name: str, profile: Profile, top: int = 8) -> list[str]:
    """A few lines: where the process's CPU went, as shares of its busy samples."""
    total = profile.samples
    if not total:
        return [f"{name}: no sample"]
    lines = [f"{name} ({total} busy samples over {profile.seconds:.0f} s), by our code:"]
    for where, count in profile.by_our_code(top):
        lines.append(f"    {count / total:6.1%}  {where}")
    lines.append("  running (or calling into C):")
    for where, count in profile.by_running(top):
        lines.append(f"    {count / total:6.1%}  {where}")
    return lines
