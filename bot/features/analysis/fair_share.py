"""The judges' time shared fairly: whom a piece of judging is for decides when it is
taken, not when it was asked for, so that one member's burst holds nobody else's hint.

Every piece says whom it is for (``Asker``: a member or nobody, a game, an urgency).
Each time a judge (a process, or a thread) is free, it takes the next piece:

1. of the most urgent work waiting: a hint (a player waits at the table) before a
   report someone asked for, before background work (a report or drills made as a game
   ends);
2. of the member with the fewest pieces being judged (each member their share of the
   judges), among them the one served least recently: a member is served as a piece of
   theirs starts and as it ends, and one with nothing waiting or being judged counts
   as served when their work comes. Round-robin: a member served goes behind every
   member waiting;
3. of that member's games, the same way; and of that game, its oldest piece.

The promise: a hint waits for the pieces being judged as it comes (at most ``slots``,
one a judge: work under way is never cut short, and may be a share of a game's report),
its own member's other hint if asked before it, and at most one piece of each other
member asking hints at once (one position's weighing each). With ``m`` members asking
hints at once, that is at most ``slots + m`` pieces ahead of it, each no longer than the
longest piece of judging; reports and drills waiting beside it wait for it. A member may
have at most ``BOUNDS`` asks open (waiting or being judged) at an urgency, one of them
in a game: past it, ``opened`` raises ``QueueFull`` at once and queues nothing. Nobody's
work (a game's end) and background work have no bound: they wait for everybody's.

Asked again by someone more urgent (a report a game's end is making, asked for by a
member), a job's waiting pieces move up (``raised``). A caller who stops waiting has
its waiting pieces dropped; ``cancel_waiting`` (a stopping bot) drops every one.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
from collections import Counter, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Final, Generic, TypeVar

from bot.service.game_reports import Asker, QueueFull, Urgency

Done = TypeVar("Done")


@dataclass(frozen=True)
class Bound:
    """How many asks a member may have open at once at an urgency: in all, and in one
    game."""

    member: int
    game: int


BOUNDS: Final = {Urgency.HINT: Bound(2, 1), Urgency.ASKED: Bound(2, 1)}
"""A member's own queue: two hints waiting or being weighed, one in a game (a player to
act has one position there; a second press of it waits on the first, uncounted), and
two reports they asked for. Nobody's work and background work are not bounded."""


class Job:
    """One ask of the judges (a hint, a game's report, a drill's positions): its pieces
    share whom they are for. Open, it counts against its member's bound; ``close`` (or
    leaving its ``with``) ends that."""

    def __init__(self, share: FairShare, asker: Asker) -> None:
        self._share = share
        self.asker = asker
        self.waiting: dict[_Piece[Any], None] = {}
        """Its pieces waiting for their turn, in the order they were asked."""
        self.open = True

    def close(self) -> None:
        """The ask is over: it no longer counts against its member's bound."""
        if self.open:
            self.open = False
            self._share.counted(self.asker, -1)

    def __enter__(self) -> Job:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


class _Piece(Generic[Done]):
    """One piece of a job: the work it starts once taken, and its outcome for whoever
    waits."""

    def __init__(self, job: Job, work: Callable[[], Awaitable[Done]]) -> None:
        self.job = job
        self.work = work
        self.taken_for = job.asker
        """Whom it was for when taken (its job may be raised while it runs)."""
        self.outcome: asyncio.Future[Done] = asyncio.get_running_loop().create_future()


@dataclass
class _Turns:
    """A member's (or one of their games') place in the round: when last served (a
    piece started or ended) or came, and their pieces waiting and being judged."""

    stamp: int
    waiting: int = 0
    running: int = 0

    @property
    def turn(self) -> tuple[int, int]:
        """Its place in the round, the least first: the fewest pieces being judged, then
        served least recently."""
        return self.running, self.stamp


class FairShare:
    """``slots`` judges shared between members and games (the module's rules)."""

    def __init__(self, slots: int) -> None:
        self.slots = slots
        self._busy = 0
        self._clock = itertools.count()
        self._lanes: dict[Urgency, dict[int | None, dict[int | None, deque[_Piece[Any]]]]] = {
            urgency: {} for urgency in Urgency
        }
        self._members: dict[int | None, _Turns] = {}
        self._games: dict[tuple[int | None, int | None], _Turns] = {}
        self._open: Counter[tuple[Urgency, int, int | None]] = Counter()
        """Open asks by urgency and member, in all (game ``None``) and in each game."""

    @property
    def busy(self) -> int:
        """Pieces being judged."""
        return self._busy

    @property
    def waiting(self) -> int:
        """Pieces waiting for a judge."""
        return sum(
            len(pieces)
            for lane in self._lanes.values()
            for games in lane.values()
            for pieces in games.values()
        )

    def opened(self, asker: Asker) -> Job:
        """A new ask for ``asker``; ``QueueFull`` at once, and nothing queued, when they
        have as many open at its urgency as they may."""
        self._admit(asker)
        self.counted(asker, 1)
        return Job(self, asker)

    def raised(self, job: Job, asker: Asker) -> bool:
        """``job`` asked again by ``asker``: made theirs, its waiting pieces moved up,
        when they want it sooner and have room for it (else it stays as it was)."""
        if not job.open or asker.urgency >= job.asker.urgency:
            return False
        try:
            self._admit(asker)
        except QueueFull:
            return False
        waiting = list(job.waiting)
        for piece in waiting:
            self._unqueued(piece)
        self.counted(job.asker, -1)
        job.asker = asker
        self.counted(asker, 1)
        for piece in waiting:
            self._queued(piece)
        return True

    def run(self, job: Job, work: Callable[[], Awaitable[Done]]) -> asyncio.Future[Done]:
        """``work()`` started once a judge is free and its turn has come; its outcome.
        Cancelled while it waits, it is dropped; once started it runs to its end, and
        holds its judge until then, whoever still waits for it."""
        piece = _Piece(job, work)
        self._queued(piece)
        piece.outcome.add_done_callback(lambda _: self._given_up(piece))
        self._dispatch()
        return piece.outcome

    def cancel_waiting(self) -> None:
        """Every piece waiting dropped, its waiters cancelled (the bot stops); those
        being judged run to their end."""
        for lane in self._lanes.values():
            for games in list(lane.values()):
                for pieces in list(games.values()):
                    for piece in list(pieces):
                        piece.outcome.cancel()

    def counted(self, asker: Asker, change: int) -> None:
        """``asker``'s open asks counted up or down (a job's own doing)."""
        if asker.member is None or asker.urgency not in BOUNDS:
            return
        keys: list[tuple[Urgency, int, int | None]] = [(asker.urgency, asker.member, None)]
        if asker.game is not None:
            keys.append((asker.urgency, asker.member, asker.game))
        for key in keys:
            self._open[key] += change
            if self._open[key] <= 0:
                del self._open[key]

    def _admit(self, asker: Asker) -> None:
        bound = BOUNDS.get(asker.urgency)
        if bound is None or asker.member is None:
            return
        if asker.game is not None and self._open[asker.urgency, asker.member, asker.game] >= (
            bound.game
        ):
            raise QueueFull(bound.member, in_game=True)
        if self._open[asker.urgency, asker.member, None] >= bound.member:
            raise QueueFull(bound.member, in_game=False)

    def _turns(self, member: int | None, game: int | None) -> tuple[_Turns, _Turns]:
        """The member's and the game's places in the round, made (as served now) for
        those with nothing waiting or being judged."""
        mine = self._members.get(member)
        if mine is None:
            mine = self._members[member] = _Turns(next(self._clock))
        its = self._games.get((member, game))
        if its is None:
            its = self._games[member, game] = _Turns(next(self._clock))
        return mine, its

    def _forget(self, member: int | None, game: int | None) -> None:
        """Places with nothing waiting or being judged are dropped: they come back as
        served when they next ask."""
        its = self._games[member, game]
        if not its.waiting and not its.running:
            del self._games[member, game]
        mine = self._members[member]
        if not mine.waiting and not mine.running:
            del self._members[member]

    def _queued(self, piece: _Piece[Any]) -> None:
        asker = piece.job.asker
        for turns in self._turns(asker.member, asker.game):
            turns.waiting += 1
        lane = self._lanes[asker.urgency].setdefault(asker.member, {})
        lane.setdefault(asker.game, deque()).append(piece)
        piece.job.waiting[piece] = None

    def _unqueued(self, piece: _Piece[Any]) -> None:
        asker = piece.job.asker
        lane = self._lanes[asker.urgency]
        pieces = lane[asker.member][asker.game]
        pieces.remove(piece)
        if not pieces:
            del lane[asker.member][asker.game]
            if not lane[asker.member]:
                del lane[asker.member]
        piece.job.waiting.pop(piece, None)
        for turns in self._turns(asker.member, asker.game):
            turns.waiting -= 1
        self._forget(asker.member, asker.game)

    def _given_up(self, piece: _Piece[Any]) -> None:
        """A piece whose waiter stopped waiting before its turn is dropped."""
        if piece.outcome.cancelled() and piece in piece.job.waiting:
            self._unqueued(piece)

    def _next(self) -> _Piece[Any] | None:
        """The piece whose turn it is (the module's rules), if any waits."""
        for urgency in Urgency:
            lane = self._lanes[urgency]
            if lane:
                member = min(lane, key=lambda m: self._members[m].turn)
                games = lane[member]
                game = min(games, key=lambda g: self._games[member, g].turn)
                return games[game][0]
        return None

    def _dispatch(self) -> None:
        while self._busy < self.slots:
            piece = self._next()
            if piece is None:
                return
            self._unqueued(piece)
            if piece.outcome.done():
                continue  # given up a moment ago: ``_given_up`` has yet to drop it
            asker = piece.taken_for = piece.job.asker
            served = next(self._clock)
            for turns in self._turns(asker.member, asker.game):
                turns.running += 1
                turns.stamp = served
            self._busy += 1
            task = asyncio.ensure_future(piece.work())
            task.add_done_callback(functools.partial(self._finished, piece))

    def _finished(self, piece: _Piece[Any], task: asyncio.Future[Any]) -> None:
        self._busy -= 1
        asker = piece.taken_for
        served = next(self._clock)
        for turns in self._turns(asker.member, asker.game):
            turns.running -= 1
            turns.stamp = served
        self._forget(asker.member, asker.game)
        if task.cancelled():
            piece.outcome.cancel()
        elif (error := task.exception()) is not None:
            if not piece.outcome.done():
                piece.outcome.set_exception(error)
        elif not piece.outcome.done():
            piece.outcome.set_result(task.result())
        self._dispatch()
