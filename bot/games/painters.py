"""Where the games' pictures are drawn and encoded: in worker processes of their own.

Drawing is Python code for the most part, which holds the interpreter's lock: drawn in
threads of the bot's own process, pictures made every other thread wait for the lock,
the event loop and the database's threads included, and each of a transaction's round
trips grew from well under a millisecond to several (a 50-game bench on 2 cores: the
median answer went from 55 ms to 850 ms). In processes of their own they use the other
cores and leave the bot's process to Discord and the database.

Every picture of a game goes to the same process (by the game's id), whose cache holds
the bands of that game's pictures before it (``render.common.png``). A process that
dies (killed, out of memory) is replaced, and the picture it was making is made again
by its successor. With no processes (``CLAIMIT_RENDER_PROCESSES=0``), pictures are
made in threads of the bot's own process, as tests do that start many bots.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import NamedTuple, ParamSpec, TypeVar

from render.common.png import BANDS

log = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")

Prepare = Callable[[], object]


class Painters:
    """The bot's picture processes; ``start`` them once at start-up, ``stop`` at the end.
    Bots sharing a process (tests) share them: the last to stop stops them."""

    def __init__(self) -> None:
        self._pools: list[Executor] = []
        self._prepare: tuple[Prepare, ...] = ()
        self._users = 0

    @property
    def processes(self) -> int:
        """How many picture processes draw now (0: drawing in threads of this process)."""
        return len(self._pools)

    async def start(self, processes: int, prepare: Sequence[Prepare]) -> None:
        """``processes`` workers, each running every ``prepare`` before its first
        picture (the palettes); waits until they are up."""
        self._users += 1
        if self._users > 1:
            return
        self._prepare = tuple(prepare)
        self._pools = [self._new_pool() for _ in range(processes)]
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(pool, _ready) for pool in self._pools))
        if not self._pools:
            for step in self._prepare:
                await asyncio.to_thread(step)

    async def paint(
        self, key: int, function: Callable[P, T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """``function(*args)`` (a picture's bytes) in the process of ``key`` (a game's
        id), or in a thread when there are no processes."""
        if not self._pools:
            return await asyncio.to_thread(function, *args, **kwargs)
        index = key % len(self._pools)
        loop = asyncio.get_running_loop()
        call = functools.partial(function, *args, **kwargs)
        try:
            return await loop.run_in_executor(self._pools[index], call)
        except BrokenProcessPool:
            log.warning("a picture process died; starting another in its place")
            broken = self._pools[index]
            self._pools[index] = self._new_pool()
            broken.shutdown(wait=False, cancel_futures=True)
            return await loop.run_in_executor(self._pools[index], call)

    async def figures(self) -> Figures:
        """The pictures made so far, over every process."""
        if not self._pools:
            return _figures()
        made = []
        loop = asyncio.get_running_loop()
        for pool in self._pools:
            try:
                made.append(await loop.run_in_executor(pool, _figures))
            except BrokenProcessPool:
                log.warning("a picture process died: its pictures are not counted")
        return Figures(*(sum(column) for column in zip(*made, strict=True))) if made else Figures()

    def stop(self) -> None:
        """Stops the processes once the last bot using them stops (waiting for the
        pictures under way)."""
        self._users = max(0, self._users - 1)
        if self._users:
            return
        pools, self._pools = self._pools, []
        for pool in pools:
            pool.shutdown(wait=True, cancel_futures=True)

    def _new_pool(self) -> Executor:
        # Spawned, not forked: a fork of the bot's process would copy its threads'
        # locks mid-use.
        return ProcessPoolExecutor(
            max_workers=1,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_prepare_all,
            initargs=(self._prepare,),
        )


class Figures(NamedTuple):
    """Pictures made, those made before already, and their bands taken from the cache
    and compressed (``render.common.png``)."""

    pictures: int = 0
    again: int = 0
    found: int = 0
    missed: int = 0

    @property
    def cached_share(self) -> float:
        """The share of bands found drawn already."""
        bands = self.found + self.missed
        return self.found / bands if bands else 0.0


def _figures() -> Figures:
    return Figures(BANDS.pictures, BANDS.again, BANDS.found, BANDS.missed)


def _prepare_all(prepare: tuple[Prepare, ...]) -> None:
    # A stop's signal reaches the whole process group (Ctrl-C, systemd, the tests):
    # the bot stops its picture processes itself once it has no more pictures to make.
    # Should the bot be killed, they end with it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    threading.Thread(target=_end_with_the_bot, name="end with the bot", daemon=True).start()
    for step in prepare:
        step()


def _end_with_the_bot() -> None:
    """Ends this process once the bot's process has ended, however it ended (killed,
    its work queue would never close)."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        multiprocessing.connection.wait([parent.sentinel])
    os._exit(0)


def _ready() -> None:
    """Nothing: run once in each process, so that it is up before the first picture."""


PAINTERS = Painters()
