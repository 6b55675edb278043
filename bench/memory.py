"""How much memory a bot holds: the resident set (RSS) of its process and every process
under it (its picture processes), from Linux's ``/proc``, once (``tree_rss``) or sampled
every few seconds over a run (``RssWatch``, ``Growth``).

Each process's RSS counts the pages it shares with others (the interpreter's, the
libraries') once per process: the sum is what the processes hold between them as the
machine's ``ps`` shows it, an upper bound on what they take from it. Only measures; on
a system without ``/proc`` every figure is ``None``.
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


def tree(root: int, under: dict[int, list[int]]) -> list[int]:
    """``root`` and every process under it (``under``: ``children``)."""
    pids, next_ones = [], [root]
    while next_ones:
        pid = next_ones.pop()
        pids.append(pid)
        next_ones.extend(under.get(pid, ()))
    return pids


def tree_rss(roots: Iterable[int]) -> int | None:
    """The resident bytes of ``roots`` and every process under them; None when a root
    is gone (or there is no ``/proc``)."""
    under = children()
    total = 0
    for root in roots:
        own = rss(root)
        if own is None:
            return None
        total += own + sum(rss(pid) or 0 for pid in tree(root, under)[1:])
    return total


@dataclass(frozen=True)
class Growth:
    """A run's RSS: after its first minute and at its end (None for a run too short to
    have a settled sample), at its start, and the most it reached."""

    start: int
    settled: int | None
    end: int
    most: int

    @property
    def percent(self) -> float | None:
        """The growth from the settled sample to the end, in percent of the former."""
        if self.settled is None:
            return None
        return 100.0 * (self.end - self.settled) / self.settled

    @classmethod
    def of(cls, samples: Sequence[tuple[float, int]]) -> Growth | None:
        """From ``(seconds into the run, bytes)`` samples, oldest first: the settled one
        is the first at ``SETTLED_AFTER`` or later, if it is not the last."""
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
        )

    def __str__(self) -> str:
        if self.settled is None:
            return (
                f"{self.start / MIB:.0f} MiB at the start, {self.end / MIB:.0f} MiB at the end "
                f"(at most {self.most / MIB:.0f}; the run was too short for a figure after "
                f"its first {SETTLED_AFTER:.0f} s)"
            )
        return (
            f"{self.settled / MIB:.0f} MiB after the first {SETTLED_AFTER:.0f} s, "
            f"{self.end / MIB:.0f} MiB at the end: {self.percent:+.1f}% (at the start "
            f"{self.start / MIB:.0f} MiB, at most {self.most / MIB:.0f})"
        )


class RssWatch:
    """The RSS of some processes with everything under them (``tree_rss``), every
    ``every`` seconds from ``start`` to ``stop``."""

    def __init__(self, roots: Sequence[int], every: float = EVERY) -> None:
        self.roots = roots
        self.every = every
        self.samples: list[tuple[float, int]] = []
        """``(seconds since start, bytes)``, oldest first."""
        self._task: asyncio.Task[None] | None = None
        self._started = 0.0

    def start(self) -> None:
        self._started = time.monotonic()
        self._task = asyncio.create_task(self._watch())

    def _note(self, size: int | None) -> None:
        if size is not None:
            self.samples.append((time.monotonic() - self._started, size))

    async def _watch(self) -> None:
        while True:
            # Reading /proc takes a few milliseconds: off the event loop the players
            # click on.
            self._note(await asyncio.to_thread(tree_rss, self.roots))
            await asyncio.sleep(self.every)

    async def stop(self) -> Growth | None:
        """Stops sampling, with a last sample at the end."""
        if self._task is not None:
            self._task.cancel()
            # wait(), not await: a cancellation of the caller itself must not be swallowed.
            await asyncio.wait([self._task])
            self._task = None
            self._note(tree_rss(self.roots))
        return Growth.of(self.samples)
