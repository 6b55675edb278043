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
``THREADS`` threads instead.

Every piece of work (a share of a game's decisions or of its luck, one position
weighed) waits its turn in ``fair_share``, whom it is for deciding when it is taken:
hints first, and each member and each game their share. The processes or threads never
hold more than they are judging, so the pool's own queue is always empty.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import multiprocessing.connection
import os
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from typing import Any, Final, TypeVar

from bot.features.analysis.fair_share import FairShare, Job
from bot.games.analysis import Analysis, Fortune, Judged, Played, Weighed
from bot.games.registry import analyst_for
from bot.service.game_reports import NOBODY, Asker

log = logging.getLogger(__name__)

PROCESSES: Final = 2
"""One per core of the machine we measure on: a game's decisions are split between them,
which halves the wait for the slowest game (Claim's)."""
Done = TypeVar("Done")

IDLE: Final = 300.0
"""Seconds without a report asked for after which the processes end."""
THREADS: Final = 2
"""Judges at once where games are judged in threads (``CLAIMIT_RENDER_PROCESSES=0``):
as many as processes would be, taking their work the same fair way."""
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


def _interleaved(parts: Sequence[Sequence[Fortune]]) -> list[Fortune]:
    """The events of ``parts`` (``luck_part``: each every ``len(parts)``-th) in the order
    they came."""
    count = len(parts)
    return [parts[i % count][i // count] for i in range(sum(map(len, parts)))]


@contextmanager
def _dropped_on_failure(pieces: Sequence[asyncio.Future[Any]]) -> Iterator[None]:
    """One piece failed (or the wait was given up): the others still waiting are dropped,
    not judged for nobody (those under way run to their end)."""
    try:
        yield
    except BaseException:
        for piece in pieces:
            piece.cancel()
        raise


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
    """A bot's judges of games: processes (``processes``), or none (``THREADS``
    threads), taking their work fairly (``fair_share``)."""

    def __init__(self, processes: int, idle: float = IDLE) -> None:
        self._processes = processes
        self._idle_for = idle
        self._share = FairShare(processes or THREADS)
        self._pool: Executor | None = None
        self._busy = 0
        self._idle: asyncio.TimerHandle | None = None
        self._ending: set[asyncio.Task[None]] = set()

    @property
    def running(self) -> bool:
        """Whether the judging processes (or threads) are up."""
        return self._pool is not None

    @property
    def apart(self) -> bool:
        """Whether games are judged in processes of their own, not in a thread."""
        return self._processes > 0

    @property
    def share(self) -> FairShare:
        """How the judges' time is shared (what waits, and for whom)."""
        return self._share

    def opened(self, asker: Asker) -> Job:
        """A new ask for ``asker`` (``FairShare.opened``): ``QueueFull`` at once past
        their bound."""
        return self._share.opened(asker)

    def raised(self, job: Job, asker: Asker) -> bool:
        """``job`` asked again by ``asker``, sooner where they have room
        (``FairShare.raised``)."""
        return self._share.raised(job, asker)

    async def weighed(
        self, kind: str, positions: Sequence[tuple[Any, int]], asker: Asker = NOBODY
    ) -> list[Weighed | None]:
        """Each of ``positions`` (a state, the seat to decide there) weighed by the judge
        of ``kind`` for ``asker``, each a piece of its own; ``QueueFull`` at once,
        nothing weighed, past ``asker``'s bound."""
        if not positions:
            return []
        with self._share.opened(asker) as job, self._asked():
            pieces = [self._piece(job, weighed_part, kind, [position]) for position in positions]
            with _dropped_on_failure(pieces):
                found = await asyncio.gather(*pieces)
        return [weighed for (weighed,) in found]

    async def analysis(
        self, kind: str, players: int, moves: Sequence[Played], seed: int, job: Job | None = None
    ) -> Analysis:
        """The game of ``kind`` for ``players`` whose moves are ``moves`` judged for
        ``job`` (``None``: nobody's): its decisions and its chance events split among
        the judges, the same for the same ``seed``."""
        analyst = analyst_for(kind)
        decisions = analyst.decisions(moves)
        count = min(self._share.slots, analyst.parts)
        parts = [part for part in (decisions[i::count] for i in range(count)) if part]
        with self._for(job) as judged_for, self._asked():
            # Each judge's share of the luck first: weighing Claim's cards takes longer
            # than judging its decisions.
            luck = [
                self._piece(judged_for, luck_part, kind, moves, seed, part, count)
                for part in range(count)
            ]
            done = [self._piece(judged_for, judged_part, kind, moves, part, seed) for part in parts]
            with _dropped_on_failure([*luck, *done]):
                found_luck = await asyncio.gather(*luck)
                found_done = await asyncio.gather(*done)
        found = sorted((j for part, _ in found_done for j in part), key=lambda j: j.move)
        fortunes = _interleaved([part for part, _ in found_luck])
        seconds = sum(seconds for _, seconds in [*found_done, *found_luck])
        return Analysis(players, tuple(found), seconds, tuple(fortunes))

    @contextmanager
    def _for(self, job: Job | None) -> Iterator[Job]:
        if job is not None:
            yield job
            return
        with self._share.opened(NOBODY) as nobodys:
            yield nobodys

    def _piece(self, job: Job, work: Callable[..., Done], *args: Any) -> asyncio.Future[Done]:
        """``work(*args)`` as one piece of ``job``, in a judge once its turn comes."""
        return self._share.run(job, lambda: self._in_a_judge(work, *args))

    async def _in_a_judge(self, work: Callable[..., Done], *args: Any) -> Done:
        """``work(*args)`` in a judge (its turn come), the pool made again once should
        one of its processes die meanwhile."""
        pool = self._started()
        try:
            return await asyncio.wrap_future(pool.submit(work, *args))
        except BrokenProcessPool:
            # A process died (killed, out of memory): the pool is of no more use, and the
            # piece is judged again by a new one.
            if self._pool is pool:
                log.warning("a judging process died; starting others in its place")
                self._drop()
            return await asyncio.wrap_future(self._started().submit(work, *args))

    @contextmanager
    def _asked(self) -> Iterator[None]:
        """An ask under way (waiting or judged): the judges don't rest meanwhile, and
        rest from its end, should nothing else be asked."""
        loop = asyncio.get_running_loop()
        self._busy += 1
        try:
            yield
        finally:
            self._busy -= 1
            self._rest(loop)

    def _drop(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            # Ended in a thread, and kept until then: ``stop`` waits for every process
            # to be gone, also those of a pool dropped a moment before.
            ending = asyncio.get_running_loop().create_task(self._ended(pool))
            self._ending.add(ending)
            ending.add_done_callback(self._ending.discard)

    @staticmethod
    async def _ended(pool: Executor) -> None:
        await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)

    def _started(self) -> Executor:
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None
        if self._pool is None:
            if self._processes:
                # Spawned, not forked: a fork of the bot's process would copy its
                # threads' locks mid-use.
                self._pool = ProcessPoolExecutor(
                    self._processes,
                    multiprocessing.get_context("spawn"),
                    initializer=_judging_process,
                )
            else:
                self._pool = ThreadPoolExecutor(THREADS, thread_name_prefix="judge")
        return self._pool

    def _rest(self, loop: asyncio.AbstractEventLoop) -> None:
        if not self._busy and self._pool is not None:
            if self._idle is not None:
                self._idle.cancel()
            self._idle = loop.call_later(self._idle_for, self._end)

    def _end(self) -> None:
        self._idle = None
        self._drop()

    async def stop(self) -> None:
        """Drops the work waiting (its askers see it cancelled), ends the processes once
        the work under way is done (never cut short), and returns when they are gone."""
        self._share.cancel_waiting()
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None
        self._drop()
        await asyncio.gather(*self._ending)
