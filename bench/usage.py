"""Where a benchmark's CPU went: processes' CPU time from Linux's ``/proc``, the machine's
busy share, and how late this process's event loop runs its callbacks.

Only measures; on a system without ``/proc`` every figure is ``None``.
"""

from __future__ import annotations

import asyncio
import os
import time
from dataclasses import dataclass
from pathlib import Path

PROC = Path("/proc")
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _stat_fields(pid: int) -> list[str] | None:
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    # The command name in parentheses may hold spaces: the fields start after it.
    return text[text.rindex(")") + 2 :].split()


def cpu_seconds(pid: int, *, reaped_children: bool = False) -> float | None:
    """User and system CPU seconds of every thread of ``pid`` so far (and of its children
    it has waited for, with ``reaped_children``)."""
    fields = _stat_fields(pid)
    if fields is None:
        return None
    # utime, stime, cutime, cstime are fields 14 to 17 of proc(5), 12 to 15 here.
    ticks = int(fields[11]) + int(fields[12])
    if reaped_children:
        ticks += int(fields[13]) + int(fields[14])
    return ticks / TICKS


def tree_cpu_seconds(root: int) -> float | None:
    """CPU seconds of ``root``, its live children and those it reaped: a PostgreSQL
    postmaster and its backends, which come and go with the connections."""
    total = cpu_seconds(root, reaped_children=True)
    if total is None:
        return None
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        fields = _stat_fields(int(entry.name))
        if fields is not None and int(fields[1]) == root:
            total += (int(fields[11]) + int(fields[12])) / TICKS
    return total


def machine_ticks() -> tuple[int, int] | None:
    """Busy and total CPU ticks of the whole machine so far (all cores)."""
    try:
        first = (PROC / "stat").read_text().splitlines()[0].split()
    except OSError:
        return None
    values = [int(v) for v in first[1:]]
    # idle and iowait; guest time is already inside user time.
    idle = values[3] + (values[4] if len(values) > 4 else 0)
    total = sum(values[:8])
    return total - idle, total


@dataclass
class Share:
    """CPU used over an interval, as a share of one core (1.0 = one core all the time)."""

    name: str
    cores: float | None


class CpuWatch:
    """CPU used by named processes (and this one) between ``start`` and ``stop``."""

    def __init__(self, processes: dict[str, tuple[int, bool]]) -> None:
        """``processes`` maps a name to a pid and whether to count its whole tree."""
        self.processes = processes
        self.at_start: dict[str, float | None] = {}
        """Each process's CPU seconds (its tree's, if counted) from its own start to
        ``start``."""
        self._own_before: dict[str, float | None] = {}
        self._machine: tuple[int, int] | None = None
        self._own = 0.0
        self._started = 0.0
        self.shares: list[Share] = []
        self.own: dict[str, float | None] = {}
        """Of a process counted with its tree, the CPU seconds of the process alone
        between ``start`` and ``stop`` (its children's are the rest)."""
        self.wall = 0.0
        """Seconds from ``start`` to ``stop``."""
        self.machine_busy: float | None = None
        """Share of all cores busy over the interval, whoever used them."""

    def seconds(self, name: str) -> float | None:
        """The CPU seconds the named process (with its tree, if counted) used."""
        share = next((s for s in self.shares if s.name == name), None)
        return None if share is None or share.cores is None else share.cores * self.wall

    def _sample(self) -> dict[str, float | None]:
        return {
            name: tree_cpu_seconds(pid) if tree else cpu_seconds(pid)
            for name, (pid, tree) in self.processes.items()
        }

    def _own_sample(self) -> dict[str, float | None]:
        return {name: cpu_seconds(pid) for name, (pid, tree) in self.processes.items() if tree}

    def start(self) -> None:
        self.at_start = self._sample()
        self._own_before = self._own_sample()
        self._machine = machine_ticks()
        self._own = time.process_time()
        self._started = time.monotonic()

    def stop(self) -> None:
        after, own_after = self._sample(), self._own_sample()
        wall = self.wall = time.monotonic() - self._started
        self.shares = [
            Share("bench (emulator and players)", (time.process_time() - self._own) / wall)
        ]
        for name, used in after.items():
            seconds = _between(self.at_start.get(name), used)
            self.shares.append(Share(name, None if seconds is None else seconds / wall))
        self.own = {
            name: _between(self._own_before.get(name), used) for name, used in own_after.items()
        }
        machine = machine_ticks()
        if machine is not None and self._machine is not None:
            busy, total = (a - b for a, b in zip(machine, self._machine, strict=True))
            self.machine_busy = busy / total if total else None


def _between(before: float | None, after: float | None) -> float | None:
    return None if before is None or after is None else after - before


class LoopLag:
    """How late this event loop wakes a task that asked to sleep ``interval``: when it
    is busy, every click's timing in this process is late by as much."""

    def __init__(self, interval: float = 0.01) -> None:
        self.interval = interval
        self.lags: list[float] = []
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._watch())

    async def _watch(self) -> None:
        while True:
            asked = time.monotonic()
            await asyncio.sleep(self.interval)
            self.lags.append(max(0.0, time.monotonic() - asked - self.interval))

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            # wait(), not await: a cancellation of the caller itself must not be swallowed.
            await asyncio.wait([self._task])
