"""Where the games' pictures are drawn and encoded: in worker processes of their own.

Drawing is Python code for the most part, which holds the interpreter's lock: drawn in
threads of the bot's own process, pictures made every other thread wait for the lock,
the event loop and the database's threads included, and each of a transaction's round
trips grew from well under a millisecond to several (a 50-game bench on 2 cores: the
median answer went from 55 ms to 850 ms). In processes of their own they use the other
cores and leave the bot's process to Discord and the database.

Each process is spoken to over a socket the event loop itself reads and writes: a
picture asked for is one message written, and its bytes one message read, with no
thread between (a process pool's feeder and result threads, and their wake-ups of the
loop, cost the bot's process more than the pictures' own bytes). Every picture of a game
goes to the same process (by the game's id), which keeps that game's last pictures and
draws the next only where it changed (``render.common.png``). As many processes draw as
keep up: one to start with, another (up to ``CLAIMIT_RENDER_PROCESSES``) once their
pictures took ``GROW_AT`` of a core each over ``WINDOW`` seconds, and one fewer after
``SHRINK_AFTER`` seconds in which one fewer would never have been that busy; each game's
pictures go to its process by the count of the moment. A process that dies
(killed, out of memory) is replaced, and the pictures it was making are made again by
its successor. A process reads a kind's palette (package data, ``render.common.png``)
at its first picture of that kind, and imports and holds only what the games played
draw with (13 MiB idle, about 54 once it drew a picture of each kind). With no
processes (``CLAIMIT_RENDER_PROCESSES=0``), pictures are made in threads of the bot's
own process, as tests do that start many bots.

A process is renewed after ``RENEW_AFTER`` pictures, as a web server renews its
workers: a successor is started beside it, takes its next pictures once it is up, and
the old one ends when it has answered what it was asked. What a process holds is
bounded (each game's album, let go with the game), but its heap is not: the buffers
albums keep end up scattered among free pages that neither Python's allocator nor
glibc's can hand back, and a process busy with 200 games grew by 8-10 MiB in nine
minutes while its Python objects stayed the same (44 MiB traced). A renewed process
draws each game's next picture whole, once.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
import pickle
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, Final, NamedTuple, ParamSpec, TypeVar

from bot.games.picture_process import BOOT, LENGTH, NUMBER, pictures_made, ready
from bot.metrics.figures import timed_pictures

log = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")


STOP_WAIT = 10.0
"""Seconds a stopping process has to finish the picture under way and end."""
RENEW_AFTER = 5_000
"""Pictures a process makes before a successor takes its place: under two minutes for the
one process drawing 200 games of people, days for a few. A process's heap grows most in its
first minutes (to 126 MiB in 3 minutes at 200 games, 129 in 5, after 118 at the first
minute). Its successor's start and each game's one picture drawn whole cost about 7% of
the CPU of those pictures, some 0.2 ms an action at 200 games, when a start took 0.55-0.65
s of CPU (imports and palettes; 0.05 s since it imports only its own module): renewed after
10,000, the memory grew 4.9% after the first minute of a 10-minute run at 200 games,
after 5,000 by 2.0%."""


GROW_AT: Final = 0.6
"""The CPU the processes' pictures took over a ``WINDOW``, in cores per process, from
which the bot starts another, up to as many as it may have: below it a picture seldom
waits long for those ahead of it. At 200 games of people (50 pictures a second) one
process draws with about a quarter of a core. Counted in the processes' own CPU time,
not as pictures found waiting or as the time they took to come back: one Claim move asks
for its table and two hands at once, which one process keeping up answers one after the
other, and an answer waits for the bot's own event loop to read it, which no other
process would read sooner."""
SHRINK_AT: Final = 0.4
"""The CPU per process the pictures would have taken with one process fewer, below
which, for ``SHRINK_AFTER`` seconds, a process started for a busy spell ends (well below
``GROW_AT``, so that the count does not go up and down with the load)."""
WINDOW: Final = 10.0
"""Seconds over which the pictures' CPU is added up."""
SHRINK_AFTER: Final = 600.0
"""Seconds for which one process fewer would have kept up after which the processes
started for a busy spell end, one at a time, down to one (each holds 13-110 MiB)."""


class PainterGone(Exception):
    """A picture process ended (killed, out of memory) before it answered."""


class Painter:
    """One picture process and the pictures asked of it."""

    def __init__(self) -> None:
        self.drawing = 0.0
        """CPU seconds it spent on the pictures it answered, as it counted them."""
        self._numbers = itertools.count()
        self._waiting: dict[int, asyncio.Future[Any]] = {}
        self._process: subprocess.Popen[bytes] | None = None
        self._alive: int | None = None
        """The end of a pipe only this process holds: the picture process sees it close
        when the bot's process ends, however it ends."""
        self._writer: asyncio.StreamWriter | None = None
        self._reading: asyncio.Task[None] | None = None
        self._started = asyncio.Event()

    async def start(self) -> None:
        """Starts the process, and waits until it is ready for its first picture."""
        # A new interpreter, not a fork: a fork of the bot's process would copy its
        # threads' locks mid-use. Started as a plain command, not by multiprocessing,
        # whose spawned processes start its resource tracker (another 13 MiB process)
        # for what these never use.
        here, there = socket.socketpair()
        watched, self._alive = os.pipe()
        try:
            self._process = subprocess.Popen(
                [sys.executable, "-c", BOOT, str(there.fileno()), str(watched)],
                pass_fds=(there.fileno(), watched),
                env={**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)},
            )
        finally:
            there.close()
            os.close(watched)
        reader, self._writer = await asyncio.open_connection(sock=here)
        self._reading = asyncio.create_task(self._read(reader))
        try:
            await self._asked(ready)
        finally:
            self._started.set()

    async def call(self, function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``function(*args, **kwargs)`` made in the process (once it has started);
        ``PainterGone`` if it ends first."""
        await self._started.wait()
        return await self._asked(function, *args, **kwargs)

    async def made(self) -> Figures:
        """The pictures it made (once it has started); ``PainterGone`` if it ends first."""
        return Figures(*await self.call(pictures_made))

    async def _asked(self, function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        if self._writer is None or self._reading is None or self._reading.done():
            raise PainterGone()
        number = next(self._numbers)
        answer: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._waiting[number] = answer
        asked = NUMBER.pack(number) + pickle.dumps(
            (function, args, kwargs), pickle.HIGHEST_PROTOCOL
        )
        self._writer.write(LENGTH.pack(len(asked)) + asked)
        return await answer

    async def _read(self, reader: asyncio.StreamReader) -> None:
        try:
            while True:
                (length,) = LENGTH.unpack(await reader.readexactly(LENGTH.size))
                number, made, value, seconds = pickle.loads(await reader.readexactly(length))
                self.drawing += seconds
                answer = self._waiting.pop(number, None)
                if answer is None or answer.done():
                    continue
                if made:
                    answer.set_result(value)
                else:
                    answer.set_exception(value)
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            # The process ended (or is stopping): what it was asked and never answered is
            # asked of the one in its place.
            for answer in self._waiting.values():
                if not answer.done():
                    answer.set_exception(PainterGone())
            self._waiting.clear()

    async def stop(self) -> None:
        """Ends the process once it has answered what it was asked."""
        writer, self._writer = self._writer, None
        if writer is not None:
            if self._waiting:
                await asyncio.gather(*self._waiting.values(), return_exceptions=True)
            writer.close()  # the process reads the end of its pipe, and ends
        if self._reading is not None:
            await self._reading
        process = self._process
        if process is not None:
            try:
                await asyncio.to_thread(process.wait, STOP_WAIT)
            except subprocess.TimeoutExpired:
                process.kill()
                await asyncio.to_thread(process.wait)
        self._let_go()

    async def abandon(self) -> None:
        """Ends the process of an event loop that is gone, and waits until it has ended:
        its socket's transport belongs to that loop, which can't close it any more (it
        goes with the transport)."""
        self._writer = None
        self.kill()
        if self._process is not None:
            await asyncio.to_thread(self._process.wait)
        self._let_go()

    def kill(self) -> None:
        """Ends the process at once (one that failed to answer)."""
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        if self._process is not None and self._process.poll() is None:
            self._process.kill()
        self._let_go()

    def _let_go(self) -> None:
        if self._alive is not None:
            os.close(self._alive)
            self._alive = None


class Painters:
    """The bot's picture processes; ``start`` them once at start-up, ``stop`` at the end.
    Bots sharing a process (tests) share them: the last to stop stops them."""

    def __init__(
        self,
        renew_after: int = RENEW_AFTER,
        *,
        least: int = 1,
        window: float = WINDOW,
        shrink_after: float = SHRINK_AFTER,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._painters: list[Painter] = []
        self._least = least
        """How many processes draw while one keeps up (started with, shrunk back to)."""
        self._most = 0
        """How many may draw at once (the bot's ``CLAIMIT_RENDER_PROCESSES``)."""
        self._window = window
        self._shrink_after = shrink_after
        self._clock = clock
        self._needed_at = 0.0
        """When one process fewer would last have drawn with ``SHRINK_AT`` of a core each
        or more."""
        self._window_at = 0.0
        self._window_drawing: dict[Painter, float] = {}
        """When the window began, and each process's CPU on pictures then."""
        self._resizing: asyncio.Task[None] | None = None
        """A process being added, or one taken away being stopped."""
        self._users = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        """The event loop the processes are spoken to on (their sockets' reader is its
        task)."""
        self._renew_after = renew_after
        self._left: list[int] = []
        """Pictures each process has still to make before a successor takes its place."""
        self._renewals: dict[int, asyncio.Task[None]] = {}
        """The successors being started, by the place of the process they renew."""
        self._starting: set[Painter] = set()
        self._retired = Figures()
        """The pictures of processes renewed, made before they ended."""

    @property
    def processes(self) -> int:
        """How many picture processes draw now (0: drawing in threads of this process)."""
        return len(self._painters)

    async def start(self, processes: int) -> None:
        """Up to ``processes`` workers: as few as keep up (``least``), more while the
        pictures queue; waits until the first are up."""
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            # Processes left running by bots of an event loop that is gone (a test whose
            # bot never stopped) answer to a reader nobody runs: asked for a picture,
            # they would leave its asker waiting for good.
            await self._abandon()
            self._loop = loop
        self._users += 1
        if self._users > 1:
            return
        self._most = processes
        first = min(processes, self._least)
        self._painters = [Painter() for _ in range(first)]
        # Their first lives are of different lengths, so that they are not renewed at
        # once: each start takes a core for a moment.
        self._left = [self._renew_after * (i + 1) // first for i in range(first)]
        self._needed_at = self._window_at = self._clock()
        self._window_drawing = {}
        await asyncio.gather(*(painter.start() for painter in self._painters))

    @timed_pictures
    async def paint(
        self, key: int, function: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """``function(*args)`` (a picture's bytes) in the process of ``key`` (a game's
        id), or in a thread when there are no processes."""
        if not self._painters:
            return await asyncio.to_thread(function, *args, **kwargs)
        self._resize()
        index = key % len(self._painters)
        self._count(index)
        try:
            return await self._painters[index].call(function, *args, **kwargs)
        except PainterGone:
            log.warning("a picture process died; starting another in its place")
            gone, replacement = self._painters[index], Painter()
            if self._painters[index] is gone:
                self._painters[index] = replacement
                gone.kill()
                await replacement.start()
            return await self._painters[index].call(function, *args, **kwargs)

    def _resize(self) -> None:
        """Another process once the pictures took ``GROW_AT`` of a core per process over a
        ``window``, one fewer once one fewer would have kept under ``SHRINK_AT`` for
        ``shrink_after`` seconds (never while one is renewed: the places are the
        renewals' keys). Each game moves with the count: its next picture is drawn whole,
        once."""
        now = self._clock()
        count = len(self._painters)
        if now - self._window_at >= self._window:
            used = sum(
                painter.drawing - self._window_drawing.get(painter, 0.0)
                for painter in self._painters
            )
            cores = used / (now - self._window_at)
            self._window_at = now
            self._window_drawing = {painter: painter.drawing for painter in self._painters}
            if count > 1 and cores >= SHRINK_AT * (count - 1):
                self._needed_at = now
            if cores >= GROW_AT * count:
                self._needed_at = now
                if self._resizing is None and count < self._most:
                    self._resizing = asyncio.create_task(self._grow())
                return
        if (
            self._resizing is None
            and not self._renewals
            and count > self._least
            and now - self._needed_at >= self._shrink_after
        ):
            self._left.pop()
            self._resizing = asyncio.create_task(self._shrink(self._painters.pop()))

    async def _grow(self) -> None:
        try:
            painter = Painter()
            try:
                await self._started(painter)
            except Exception as error:
                painter.kill()
                log.warning("a picture process could not start (%s)", type(error).__name__)
                return
            self._painters.append(painter)
            self._left.append(self._renew_after)
            log.info("more pictures: %d picture processes now", len(self._painters))
        finally:
            self._resizing = None

    async def _started(self, painter: Painter) -> None:
        """Starts ``painter``, among the processes starting meanwhile, which the pool ends
        too if it is abandoned before they are up."""
        self._starting.add(painter)
        try:
            await painter.start()
        finally:
            self._starting.discard(painter)

    async def _shrink(self, painter: Painter) -> None:
        try:
            with contextlib.suppress(PainterGone):
                self._retired = _summed((self._retired, await painter.made()))
            await painter.stop()
            log.info("fewer pictures: %d picture processes now", len(self._painters))
        finally:
            self._resizing = None

    async def resized(self) -> None:
        """Waits until a process being added or taken away has been."""
        if self._resizing is not None:
            await asyncio.wait([self._resizing])

    def _count(self, index: int) -> None:
        self._left[index] -= 1
        if self._left[index] > 0 or index in self._renewals:
            return
        self._left[index] = self._renew_after
        self._renewals[index] = asyncio.create_task(self._renew(index, self._painters[index]))

    async def _renew(self, index: int, old: Painter) -> None:
        try:
            if await self._succeed(index, old):
                with contextlib.suppress(PainterGone):
                    # Asked after the pictures it is making: they are counted.
                    self._retired = _summed((self._retired, await old.made()))
                await old.stop()
        finally:
            self._renewals.pop(index, None)

    async def _succeed(self, index: int, old: Painter) -> bool:
        """Starts a successor, and puts it in ``old``'s place if ``old`` is still there."""
        successor = Painter()
        try:
            await self._started(successor)
        except BaseException as error:
            successor.kill()
            if not isinstance(error, Exception):
                raise  # cancelled: the bot is stopping
            log.warning(
                "a picture process could not start (%s); its predecessor goes on",
                type(error).__name__,
            )
            return False
        if index >= len(self._painters) or self._painters[index] is not old:
            await successor.stop()  # the old one died, and was replaced meanwhile
            return False
        self._painters[index] = successor
        return True

    async def renewals(self) -> None:
        """Waits until the processes being renewed now have been."""
        while self._renewals:
            await asyncio.wait(list(self._renewals.values()))

    async def _abandon(self) -> None:
        if self._painters:
            log.warning(
                "%d picture processes of an earlier event loop were never stopped; ended",
                len(self._painters),
            )
        for painter in (*self._painters, *self._starting):
            await painter.abandon()
        self._painters = []
        self._starting.clear()
        self._renewals.clear()
        self._resizing = None
        self._users = 0

    async def figures(self) -> Figures:
        """The pictures made so far, over every process."""
        if not self._painters:
            return Figures(*pictures_made())
        made = [self._retired]
        for painter in self._painters:
            try:
                made.append(await painter.made())
            except PainterGone:
                log.warning("a picture process died: its pictures are not counted")
        return _summed(made)

    async def stop(self) -> None:
        """Stops the processes once the last bot using them stops (waiting for the
        pictures under way)."""
        self._users = max(0, self._users - 1)
        if self._users:
            return
        await self.resized()
        await self.renewals()
        painters, self._painters = self._painters, []
        await asyncio.gather(*(painter.stop() for painter in painters))
        self._retired = Figures()


class Figures(NamedTuple):
    """Pictures made, those the same as their game's last, and their bands taken as drawn
    before (in their game's last picture, or lately in any) and drawn
    (``render.common.png``)."""

    pictures: int = 0
    again: int = 0
    found: int = 0
    missed: int = 0

    @property
    def cached_share(self) -> float:
        """The share of bands taken as drawn before."""
        bands = self.found + self.missed
        return self.found / bands if bands else 0.0


def _summed(figures: Sequence[Figures]) -> Figures:
    return Figures(*(sum(column) for column in zip(*figures, strict=True)))


PAINTERS = Painters()
