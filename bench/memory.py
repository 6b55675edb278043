"""How much memory a bot holds: the resident set (RSS) and the proportional set (PSS) of
its process and every process under it (its picture processes), from Linux's ``/proc``,
once (``tree_rss``, ``tree_held``) or sampled every few seconds over a run
(``MemoryWatch``, ``Growth``).

Each process's RSS counts the pages it shares with others (the interpreter's, the
libraries') once per process: the sum is what the processes hold between them as the
machine's ``ps`` shows it, an upper bound on what they take from it. PSS splits each
shared page between the processes that share it (``/proc/PID/smaps_rollup``): the sum
over a tree counts a page its processes share once, and what they share with processes
outside it in part, nearer what the machine would get back without them. Only
measures; on a system without ``/proc`` every figure is ``None``.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from tests.processes import children

PROC = Path("/proc")
PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
EVERY = 5.0
"""Seconds between samples of a run's RSS."""
SETTLED_AFTER = 60.0
"""Seconds into a run after which its RSS counts as settled: what grows after that is
the figure to watch (caches fill and the interpreter's arenas grow in the first minute)."""
MIB = 1024 * 1024


def rss(pid: int) -> int | None:
    """The resident bytes of one process (``statm``'s second field, in pages)."""
    try:
        fields = (PROC / str(pid) / "statm").read_text().split()
    except OSError:
        return None
    return int(fields[1]) * PAGE


def pss_of(smaps_rollup: str) -> int | None:
    """The proportional set size in bytes from the text of ``smaps_rollup`` (its
    ``Pss:`` line, in kB)."""
    for line in smaps_rollup.splitlines():
        name, _, value = line.partition(":")
        if name == "Pss":
            return int(value.split()[0]) * 1024
    return None


def pss(pid: int) -> int | None:
    """The proportional set bytes of one process; None when it is gone, or the kernel
    has no ``smaps_rollup`` (before Linux 4.14)."""
    try:
        return pss_of((PROC / str(pid) / "smaps_rollup").read_text())
    except OSError:
        return None


def tree(root: int, under: dict[int, list[int]]) -> list[int]:
    """``root`` and every process under it (``under``: ``children``)."""
    pids, next_ones = [], [root]
    while next_ones:
        pid = next_ones.pop()
        pids.append(pid)
        next_ones.extend(under.get(pid, ()))
    return pids


@dataclass(frozen=True)
class Held:
    """What some processes hold, in bytes."""

    rss: int
    pss: int | None
    """None where a root's PSS can't be read (no ``smaps_rollup``)."""


def tree_held(roots: Iterable[int]) -> Held | None:
    """The RSS and PSS of ``roots`` and every process under them; None when a root is
    gone (or there is no ``/proc``). A process under one that ends between the reads
    counts as holding nothing."""
    under = children()
    rss_total, pss_total = 0, 0
    pss_known = True
    for root in roots:
        own = rss(root)
        if own is None:
            return None
        below = tree(root, under)[1:]
        rss_total += own + sum(rss(pid) or 0 for pid in below)
        own_pss = pss(root)
        pss_known = pss_known and own_pss is not None
        pss_total += (own_pss or 0) + sum(pss(pid) or 0 for pid in below)
    return Held(rss_total, pss_total if pss_known else None)


def tree_rss(roots: Iterable[int]) -> int | None:
    """The resident bytes of ``roots`` and every process under them (``tree_held``)."""
    held = tree_held(roots)
    return None if held is None else held.rss


@dataclass(frozen=True)
class Growth:
    """A run's RSS: after its first minute and at its end (None for a run too short to
    have a settled sample), at its start, and the most it reached; and the most PSS."""

    start: int
    settled: int | None
    end: int
    most: int
    most_pss: int | None = None

    @property
    def percent(self) -> float | None:
        """The growth from the settled sample to the end, in percent of the former."""
        if self.settled is None:
            return None
        return 100.0 * (self.end - self.settled) / self.settled

    @classmethod
    def of(cls, samples: Sequence[tuple[float, int]], most_pss: int | None = None) -> Growth | None:
        """From ``(seconds into the run, RSS bytes)`` samples, oldest first: the settled
        one is the first at ``SETTLED_AFTER`` or later, if it is not the last."""
        if not samples:
            return None
        settled = next(
            (i for i, (at, _) in enumerate(samples) if at >= SETTLED_AFTER), len(samples)
        )
        return cls(
            samples[0][1],
            samples[settled][1] if settled < len(samples) - 1 else None,
            samples[-1][1],
            max(size for _, size in samples),
            most_pss,
        )

    def __str__(self) -> str:
        pss = "" if self.most_pss is None else f"; PSS at most {self.most_pss / MIB:.0f} MiB"
        if self.settled is None:
            return (
                f"{self.start / MIB:.0f} MiB at the start, {self.end / MIB:.0f} MiB at the end "
                f"(at most {self.most / MIB:.0f}; the run was too short for a figure after "
                f"its first {SETTLED_AFTER:.0f} s){pss}"
            )
        return (
            f"{self.settled / MIB:.0f} MiB after the first {SETTLED_AFTER:.0f} s, "
            f"{self.end / MIB:.0f} MiB at the end: {self.percent:+.1f}% (at the start "
            f"{self.start / MIB:.0f} MiB, at most {self.most / MIB:.0f}){pss}"
        )


class MemoryWatch:
    """The RSS and PSS of some processes with everything under them (``tree_held``),
    every ``every`` seconds from ``start`` to ``stop``."""

    def __init__(self, roots: Sequence[int], every: float = EVERY) -> None:
        self.roots = roots
        self.every = every
        self.samples: list[tuple[float, int]] = []
        """``(seconds since start, RSS bytes)``, oldest first."""
        self.pss: list[int] = []
        """The PSS of each sample whose PSS could be read."""
        self._task: asyncio.Task[None] | None = None
        self._started = 0.0

    def start(self) -> None:
        self._started = time.monotonic()
        self._task = asyncio.create_task(self._watch())

    def _note(self, held: Held | None) -> None:
        if held is not None:
            self.samples.append((time.monotonic() - self._started, held.rss))
            if held.pss is not None:
                self.pss.append(held.pss)

    async def _watch(self) -> None:
        while True:
            # Reading /proc takes a few milliseconds: off the event loop the players
            # click on.
            self._note(await asyncio.to_thread(tree_held, self.roots))
            await asyncio.sleep(self.every)

    async def stop(self) -> Growth | None:
        """Stops sampling, with a last sample at the end."""
        if self._task is not None:
            self._task.cancel()
            # wait(), not await: a cancellation of the caller itself must not be swallowed.
            await asyncio.wait([self._task])
            self._task = None
            self._note(tree_held(self.roots))
        return Growth.of(self.samples, max(self.pss, default=None))
