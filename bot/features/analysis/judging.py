"""Where games are judged: in processes of their own, off the event loop and away from
the picture processes.

Judging a game (each decision, and each chance event's luck) takes from a third of a
second (Gold Nuggets, exact) to several seconds of CPU (Claim's searches over the cards
a seat had not seen), once per game. In the picture processes it would hold every
picture of the games drawn there behind it; in a thread of the bot's process it would
hold the interpreter's lock, and the event loop with it. So a pool of ``PROCESSES``
processes, at a lower priority than the bot and its pictures, judges, each taking a
share of a game's decisions and of its luck (as many as its analyst's ``parts``):
started at the first report asked for (a bot nobody asks holds none of their memory),
and ended after ``IDLE`` seconds without one. Where the bot draws its pictures in
threads (``CLAIMIT_RENDER_PROCESSES=0``, as tests that start many bots do) it judges in
a thread too.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import multiprocessing.connection
import os
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Final, TypeVar

from bot.games.analysis import Analysis, Fortune, Judged, Played, Weighed
from bot.games.registry import analyst_for

log = logging.getLogger(__name__)

PROCESSES: Final = 2
"""One per core of the machine we measure on: a game's decisions are split between them,
which halves the wait for the slowest game (Claim's)."""
Done = TypeVar("Done")

IDLE: Final = 300.0
"""Seconds without a report asked for after which the processes end."""
NICENESS: Final = 10
"""How much lower than the bot's the judges' priority is: a move waits for no report."""


def judged_part(
    kind: str, moves: Sequence[Played], only: Sequence[int], seed: int
) -> tuple[list[Judged], float]:
    """The decisions ``only`` of a game judged, and the CPU seconds that took (in a
    judging process, or a thread)."""
    started = time.thread_time()
    found = analyst_for(kind).judge(moves, only, seed)
    return found, time.thread_time() - started


def luck_part(
    kind: str, moves: Sequence[Played], seed: int, part: int = 0, parts: int = 1
) -> tuple[list[Fortune], float]:
    """A game's chance events (every ``parts``-th from the ``part``-th) and each seat's
    luck in them, and the CPU seconds that took (in a judging process, or a thread)."""
    started = time.thread_time()
    found = analyst_for(kind).luck(moves, seed, part, parts)
    return found, time.thread_time() - started


def whole_game(
    kind: str, moves: Sequence[Played], only: Sequence[int], seed: int
) -> tuple[list[Judged], list[Fortune], float]:
    """A game's decisions ``only`` and its luck, judged one after the other (in a
    thread, where there are no judging processes)."""
    decisions, judging = judged_part(kind, moves, only, seed)
    fortunes, weighing = luck_part(kind, moves, seed)
    return decisions, fortunes, judging + weighing


def _interleaved(parts: Sequence[Sequence[Fortune]]) -> list[Fortune]:
    """The events of ``parts`` (``luck_part``: each every ``len(parts)``-th) in the order
    they came."""
    count = len(parts)
    return [parts[i % count][i // count] for i in range(sum(map(len, parts)))]


def weighed_part(kind: str, positions: Sequence[tuple[Any, int]]) -> list[Weighed | None]:
    """Each of ``positions`` weighed by the game's judge (in a judging process, or a
    thread)."""
    analyst = analyst_for(kind)
    return [analyst.weighed(state, seat) for state, seat in positions]


def _judging_process() -> None:
    """A judging process's start: a lower priority, and an end with the bot's process
    however it ends (killed, it would never say so)."""
    os.nice(NICENESS)
    threading.Thread(target=_end_with_the_bot, name="end with the bot", daemon=True).start()


def _end_with_the_bot() -> None:
    parent = multiprocessing.parent_process()
    if parent is not None:
        multiprocessing.connection.wait([parent.sentinel])
    os._exit(0)


class Judging:
    """A bot's judges of games: processes (``processes``), or none (in a thread)."""

    def __init__(self, processes: int, idle: float = IDLE) -> None:
        self._processes = processes
        self._idle_for = idle
        self._pool: ProcessPoolExecutor | None = None
        self._busy = 0
        self._idle: asyncio.TimerHandle | None = None
        self._ending: set[asyncio.Task[None]] = set()

    @property
    def running(self) -> bool:
        """Whether the judging processes are up."""
        return self._pool is not None

    @property
    def apart(self) -> bool:
        """Whether games are judged in processes of their own, not in a thread."""
        return self._processes > 0

    async def weighed(
        self, kind: str, positions: Sequence[tuple[Any, int]]
    ) -> list[Weighed | None]:
        """Each of ``positions`` (a state, the seat to decide there) weighed by the judge
        of ``kind``, in one judging process (or a thread)."""
        if not positions:
            return []
        return await self._in_a_judge(weighed_part, kind, positions)

    async def _in_a_judge(self, work: Callable[..., Done], *args: Any) -> Done:
        """``work(*args)`` in a judging process, the pool made again once should one of
        its processes die meanwhile; in a thread where there are none."""
        if not self._processes:
            return await asyncio.to_thread(work, *args)
        loop = asyncio.get_running_loop()
        self._busy += 1
        try:
            try:
                return await loop.run_in_executor(self._started(), work, *args)
            except BrokenProcessPool:
                log.warning("a judging process died; starting others in its place")
                self._drop()
                return await loop.run_in_executor(self._started(), work, *args)
        finally:
            self._busy -= 1
            self._rest(loop)

    async def analysis(
        self, kind: str, players: int, moves: Sequence[Played], seed: int
    ) -> Analysis:
        """The game of ``kind`` for ``players`` whose moves are ``moves`` judged: its
        decisions and its chance events split among the processes, the same for the same
        ``seed``."""
        analyst = analyst_for(kind)
        decisions = analyst.decisions(moves)
        if not self._processes:
            found, fortunes, seconds = await asyncio.to_thread(
                whole_game, kind, moves, decisions, seed
            )
            return Analysis(players, tuple(found), seconds, tuple(fortunes))
        loop = asyncio.get_running_loop()
        count = min(self._processes, analyst.parts)
        parts = [part for part in (decisions[i::count] for i in range(count)) if part]
        self._busy += 1
        try:
            try:
                done, luck = await self._judged(loop, kind, moves, parts, count, seed)
            except BrokenProcessPool:
                # A process died (killed, out of memory): the pool is of no more use, and
                # the game is judged again by a new one.
                log.warning("a judging process died; starting others in its place")
                self._drop()
                done, luck = await self._judged(loop, kind, moves, parts, count, seed)
        finally:
            self._busy -= 1
            self._rest(loop)
        found = sorted((judged for part, _ in done for judged in part), key=lambda j: j.move)
        fortunes = _interleaved([part for part, _ in luck])
        seconds = sum(seconds for _, seconds in [*done, *luck])
        return Analysis(players, tuple(found), seconds, tuple(fortunes))

    async def _judged(
        self,
        loop: asyncio.AbstractEventLoop,
        kind: str,
        moves: Sequence[Played],
        parts: Sequence[Sequence[int]],
        shares: int,
        seed: int,
    ) -> tuple[list[tuple[list[Judged], float]], list[tuple[list[Fortune], float]]]:
        pool = self._started()
        # Each process's share of the luck first: weighing Claim's cards takes longer than
        # judging its decisions.
        luck = asyncio.gather(
            *(
                loop.run_in_executor(pool, luck_part, kind, moves, seed, part, shares)
                for part in range(shares)
            )
        )
        decisions = asyncio.gather(
            *(loop.run_in_executor(pool, judged_part, kind, moves, part, seed) for part in parts)
        )
        return await asyncio.gather(decisions, luck)

    def _drop(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            # Ended in a thread, and kept until then: ``stop`` waits for every process
            # to be gone, also those of a pool dropped a moment before.
            ending = asyncio.get_running_loop().create_task(self._ended(pool))
            self._ending.add(ending)
            ending.add_done_callback(self._ending.discard)

    @staticmethod
    async def _ended(pool: ProcessPoolExecutor) -> None:
        await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)

    def _started(self) -> ProcessPoolExecutor:
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None
        if self._pool is None:
            # Spawned, not forked: a fork of the bot's process would copy its threads'
            # locks mid-use.
            self._pool = ProcessPoolExecutor(
                self._processes,
                multiprocessing.get_context("spawn"),
                initializer=_judging_process,
            )
        return self._pool

    def _rest(self, loop: asyncio.AbstractEventLoop) -> None:
        if not self._busy and self._pool is not None:
            self._idle = loop.call_later(self._idle_for, self._end)

    def _end(self) -> None:
        self._idle = None
        self._drop()

    async def stop(self) -> None:
        """Ends the processes, once the games being judged are, and returns when they
        are gone."""
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None
        self._drop()
        await asyncio.gather(*self._ending)
