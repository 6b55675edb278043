"""The boards open in this process, each pushed its viewer's own view after every change.

A change reaches the boards however it was made: here (the game service tells of every
change it commits, whatever made it: a press in the channel or a DM, the clock, a
computer player, a take-back, a board) or in another process sharing the database (which
says so on the database's ``claimit_game_changed``). A game is pushed one push at a time,
each time as it stands *then*: changes committed meanwhile are pushed together, never
queued. Each viewer is sent their view by their own task, so a slow viewer never holds the
game or the other viewers.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from bot.activity.actions import BoardActions
from bot.activity.game_views import Happened, TakenBack, listable, listed, shown
from bot.activity.identity import Viewer
from bot.games.faces import face_for
from bot.games.outcome import Outcome
from bot.service import GameService, ServiceError
from bot.storage.records import Game, GameStatus, Result
from i18n import Language

log = logging.getLogger(__name__)

HAPPENED = 8
"""The last moves a board lists."""
FINISHED = 5
"""The games finished in a channel that its list shows after those open."""
SEND_SECONDS = 5.0
"""How long a message may wait on its viewer's connection, and a viewer take to show that it
read it (its connection's pong to the ping sent after it): a viewer slower than that is let
go (their page connects again). A page's browser answers a ping as it reads, whatever the
page is doing; a connection whose reader never reads fills no buffer with a few small
views, so only the pong tells it apart, within this."""
TAKEN_CHECKS = 3
"""The event loop's turns a viewer's pong due at ``SEND_SECONDS`` is given past it, for
what came in while the loop was busy to be read first: a starved loop lets no one go whose
pong was there all along."""


@dataclass(eq=False)
class Watcher:
    """One viewer's live connection: who they are, their language, and the game they watch
    (``None``: their channel's list).

    What is pushed to them waits in their own queue, sent by their own task: a game's push,
    and its other viewers, never wait on them. A view still waiting when a newer one comes
    is replaced by it; an answer to their own ask is waited for by that ask alone."""

    socket: web.WebSocketResponse
    viewer: Viewer
    lang: Language
    watching: int | None = None
    sent: str | None = None
    """The last view pushed, not pushed again when nothing in it changed."""
    version: int = -1
    """The watched game's version last pushed: an older one is never pushed after it."""
    _waiting: deque[tuple[str, asyncio.Future[None] | None]] = field(
        default_factory=deque, init=False, repr=False
    )
    """What is still to be sent: a view (``None``), or a message that is waited for."""
    _sender: asyncio.Task[None] | None = field(default=None, init=False, repr=False)
    _over: bool = field(default=False, init=False, repr=False)
    _pinged: int = field(default=0, init=False, repr=False)
    """The number of the last ping sent, each after what was sent before it."""
    _awaited: asyncio.Task[None] | None = field(default=None, init=False, repr=False)
    """Waits for the last ping's pong, letting the viewer go without it."""
    _owed_ping: bool = field(default=False, init=False, repr=False)
    """Something was sent since the ping awaited: a ping follows once it is answered."""

    async def send(self, message: dict[str, Any], version: int | None = None) -> None:
        """Pushes a view (of the watched game at ``version``) unless it is what was pushed
        last, or older; returns at once."""
        text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
        if text == self.sent or (version is not None and version < self.version):
            return
        self.sent = text
        if version is not None:
            self.version = version
        if self._waiting and self._waiting[-1][1] is None:
            self._waiting[-1] = (text, None)
        else:
            self._queue(text, None)

    async def say(self, message: dict[str, Any]) -> None:
        """Sends a message that is no view (a welcome, a refusal), once what waits before it
        is sent (or the connection is over)."""
        sent = asyncio.get_running_loop().create_future()
        self._queue(json.dumps(message, separators=(",", ":"), ensure_ascii=False), sent)
        await sent

    def stop(self) -> None:
        """Sends nothing more (the connection is over)."""
        self._over = True
        _dropped(self._waiting)
        for task in (self._sender, self._awaited):
            if task is not None and task is not asyncio.current_task():
                task.cancel()
        self._sender = self._awaited = None

    def pong(self, payload: bytes) -> None:
        """The connection answered a ping: it read everything sent before it."""
        if self._awaited is None or payload != _ping_payload(self._pinged):
            return
        self._awaited.cancel()
        self._awaited = None
        if self._owed_ping and self._sender is None and not self._over:
            self._sender = asyncio.create_task(self._sending())

    def _queue(self, text: str, sent: asyncio.Future[None] | None) -> None:
        self._waiting.append((text, sent))
        if self._over or self.socket.closed:
            _dropped(self._waiting)
        elif self._sender is None:
            self._sender = asyncio.create_task(self._sending())

    async def _sending(self) -> None:
        sending: deque[tuple[str, asyncio.Future[None] | None]] = deque(maxlen=1)
        try:
            while (self._waiting or self._owed_ping) and not self.socket.closed:
                if self._waiting:
                    sending.append(self._waiting.popleft())
                    async with asyncio.timeout(SEND_SECONDS):
                        await self.socket.send_str(sending[0][0])
                    _dropped(sending)
                    self._owed_ping = True
                if self._owed_ping and self._awaited is None:
                    # One ping at a time: its pong answers for all sent before it, and
                    # what is sent meanwhile is owed the next.
                    self._owed_ping = False
                    self._pinged += 1
                    self._awaited = asyncio.create_task(self._taken_within())
                    async with asyncio.timeout(SEND_SECONDS):
                        await self.socket.ping(_ping_payload(self._pinged))
                elif not self._waiting:
                    break
        except TimeoutError:
            _dropped(sending)
            await self._too_slow()
        except (ConnectionError, RuntimeError):
            # The connection is gone though not closed yet: nothing after it goes out
            # either, and whoever waits for it goes on (an ask waiting for its answer
            # would otherwise never see the connection end).
            self._over = True
            _dropped(self._waiting)
        finally:
            _dropped(sending)
            if self.socket.closed:
                _dropped(self._waiting)
            if self._sender is asyncio.current_task():
                self._sender = None

    async def _taken_within(self) -> None:
        """Lets the viewer go unless the last ping's pong comes within ``SEND_SECONDS``
        (``pong`` cancels this)."""
        await asyncio.sleep(SEND_SECONDS)
        for _ in range(TAKEN_CHECKS):
            await asyncio.sleep(0)
        self._awaited = None
        await self._too_slow()

    async def _too_slow(self) -> None:
        log.info("a board too slow to take its view was let go")
        self.stop()
        await close_within(self.socket, 1013, b"too slow", SEND_SECONDS)


def _ping_payload(number: int) -> bytes:
    return number.to_bytes(8, "big")


async def close_within(
    socket: web.WebSocketResponse, code: int, reason: bytes, seconds: float
) -> None:
    """Closes ``socket`` with ``code`` and ``reason``, waiting ``seconds`` at most, whatever
    goes wrong: a connection that takes nothing takes no close either (aiohttp ends it
    without one after a while)."""
    with contextlib.suppress(Exception):
        async with asyncio.timeout(seconds):
            await socket.close(code=code, message=reason)


def _dropped(messages: deque[tuple[str, asyncio.Future[None] | None]]) -> None:
    """Empties ``messages``, each sent or never to be: whoever waits for one goes on."""
    while messages:
        _, sent = messages.popleft()
        if sent is not None and not sent.done():
            sent.set_result(None)


@dataclass
class _Recent:
    """A game's last moves as last read: the version they were read at."""

    version: int
    moves: deque[Happened]


class LiveBoards:
    """Every open board of this process, and what each watches."""

    def __init__(
        self,
        service: GameService,
        actions: BoardActions | None = None,
        kept: Callable[[list[Watcher]], Awaitable[list[Watcher]]] | None = None,
    ) -> None:
        """``actions``: the features' actions each viewer is offered (``None``: none);
        ``kept``: of the boards about to be pushed, those whose viewers are still where
        they watch from (the others let go), when anything can say."""
        self._service = service
        self._actions = actions
        self._kept = kept
        self._watchers: set[Watcher] = set()
        self._wanted: set[int] = set()
        self._pushing: dict[int, asyncio.Task[None]] = {}
        self._recent: dict[int, _Recent] = {}
        self._pushed: dict[int, int] = {}
        """Each watched game's version last pushed, so that another process's notice of a
        change already pushed costs no read."""
        self._listing: set[asyncio.Task[None]] = set()
        self._fresh: dict[int, Game] = {}
        """Each game as its last change here left it, until pushed: no read needed."""
        self._stopped = False

    def add(self, watcher: Watcher) -> None:
        """A board opened: it is pushed what it watches from now on."""
        self._watchers.add(watcher)

    def of(self, user_id: int, channel_id: int) -> list[Watcher]:
        """The boards ``user_id`` has open in ``channel_id``."""
        return [
            w
            for w in self._watchers
            if w.viewer.user_id == user_id and w.viewer.channel_id == channel_id
        ]

    def in_server(self, guild_id: int) -> list[Watcher]:
        """The boards open in the server ``guild_id``, to be let go of where Discord no
        longer has their viewers there."""
        return [w for w in self._watchers if w.viewer.guild_id == guild_id]

    def remove(self, watcher: Watcher) -> None:
        """A board closed: what no board watches any more is forgotten."""
        self._watchers.discard(watcher)
        watcher.stop()
        watched = {w.watching for w in self._watchers}
        for game_id in list(self._recent):
            if game_id not in watched:
                del self._recent[game_id]
                self._pushed.pop(game_id, None)

    def changed(self, game_id: int, game: Game | None = None) -> None:
        """The game changed (to ``game``, where the change knows it): every board showing
        it, or listing it, is pushed anew soon, once for however many changes come before
        its push begins."""
        if self._stopped or not any(w.watching in (None, game_id) for w in self._watchers):
            return
        if game is not None and game.version > self._pushed.get(game_id, -1):
            self._fresh[game_id] = game
        else:
            self._fresh.pop(game_id, None)
        self._wanted.add(game_id)
        if game_id not in self._pushing:
            self._pushing[game_id] = asyncio.create_task(self._push(game_id))

    def heard(self, payload: str) -> None:
        """Another process changed a game (``<id>:<version>``)."""
        game_id, _, version = payload.partition(":")
        if not game_id.isdigit():
            return
        if version.isdigit() and self._pushed.get(int(game_id)) == int(version):
            return
        self.changed(int(game_id))

    def everything_changed(self) -> None:
        """What other processes said may be lost (the database's connection dropped): every
        board open here is pushed anew."""
        for game_id in {w.watching for w in self._watchers if w.watching is not None}:
            self.changed(game_id)
        listing = [w for w in self._watchers if w.watching is None]
        if listing and not self._stopped:
            task = asyncio.create_task(self._show_lists(listing))
            self._listing.add(task)
            task.add_done_callback(self._listing.discard)

    async def _show_lists(self, listing: list[Watcher]) -> None:
        try:
            await asyncio.gather(*(self.show_list(w) for w in listing))
        except Exception:
            log.exception("the boards' lists could not be pushed")

    async def stop(self) -> None:
        """Pushes nothing more, the pushes under way cut off."""
        self._stopped = True
        for watcher in self._watchers:
            watcher.stop()
        pushing = [*self._pushing.values(), *self._listing]
        for task in pushing:
            task.cancel()
        for task in pushing:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _push(self, game_id: int) -> None:
        try:
            while game_id in self._wanted and not self._stopped:
                self._wanted.discard(game_id)
                try:
                    await self._push_once(game_id)
                except ServiceError:
                    pass
                except Exception:
                    log.exception("a board of game %d could not be pushed", game_id)
        finally:
            self._pushing.pop(game_id, None)

    async def _push_once(self, game_id: int) -> None:
        fresh = self._fresh.pop(game_id, None)
        game = fresh if fresh is not None else await self._service.game(game_id)
        self._pushed[game_id] = game.version
        watching = [w for w in self._watchers if w.watching == game_id]
        places = {game.channel_id, game.thread_id}
        listing = [
            w for w in self._watchers if w.watching is None and w.viewer.channel_id in places
        ]
        if self._kept is not None and (watching or listing):
            staying = set(await self._kept([*watching, *listing]))
            watching = [w for w in watching if w in staying]
            listing = [w for w in listing if w in staying]
        if watching:
            happened, results = await self._past(game)
            await asyncio.gather(*(self._show(w, game, happened, results) for w in watching))
        await asyncio.gather(*(self.show_list(w) for w in listing))

    async def show_game(self, watcher: Watcher, game: Game) -> None:
        """Pushes ``game`` as ``watcher`` sees it now; where a newer version was pushed
        to the game's boards since ``game`` was read (before ``watcher`` turned to it),
        they are pushed anew."""
        happened, results = await self._past(game)
        await self._show(watcher, game, happened, results)
        if self._pushed.get(game.id, -1) > game.version:
            self.changed(game.id)

    async def show_list(self, watcher: Watcher) -> None:
        """Pushes the games of ``watcher``'s channel, newest first, then the last ones
        finished there: those played where Discord places their Activity (a conversation
        game's server is where it is played, never the scope it is recorded by); and
        whether that place is a conversation (a DM or group DM), which the list's words
        name so."""
        channel, place = watcher.viewer.channel_id, watcher.viewer.guild_id
        games = [*reversed(await self._service.games_here(channel))]
        games += await self._service.finished_here(channel, FINISHED)
        here = [g for g in games if g.place_guild_id == place and listable(g)]
        message = {
            "type": "games",
            "games": [listed(g, watcher.viewer.user_id, watcher.lang) for g in here],
            "conversation": not place,
        }
        if watcher.watching is None:
            await watcher.send(message)

    async def _show(
        self, watcher: Watcher, game: Game, happened: Iterable[Happened], results: list[Result]
    ) -> None:
        if watcher.watching != game.id or game.state is None or game.broken is not None:
            return
        mine = game.seat_of(watcher.viewer.user_id)
        seat = None if mine is None else mine.seat
        moves = list(happened)
        last = moves[-1] if moves else None
        shown_last: Outcome | None = None
        if isinstance(last, Outcome) and last.game.version == game.moved_version:
            shown_last = last
        board = face_for(game.kind).board(game, seat, shown_last, watcher.lang)
        user = watcher.viewer.user_id
        actions = (
            [] if self._actions is None else await self._actions.shown(game, user, watcher.lang)
        )
        message = shown(
            game, user, board, moves, results, watcher.lang, self._service.clock(), actions=actions
        )
        await watcher.send(message, game.version)

    async def _past(self, game: Game) -> tuple[list[Happened], list[Result]]:
        """The game's last moves (read again from its log only when its newest move does
        not follow on from the ones known) and, once it is over, its results."""
        recent = self._recent.get(game.id)
        if recent is None or recent.version != game.version:
            recent = await self._moves(game, recent)
            self._recent[game.id] = recent
        results: list[Result] = []
        if game.status is GameStatus.FINISHED:
            results = await self._service.history.results(game.id)
        return list(recent.moves), results

    async def _moves(self, game: Game, known: _Recent | None) -> _Recent:
        if game.moved_version is None:
            # No move made this version: the game's start, or a take-back its log tells.
            return _Recent(game.version, await self._logged(game))
        last = await self._service.history.last_outcome(game.id, game)
        if last is None:
            return _Recent(game.version, deque(maxlen=HAPPENED))
        if known is not None and known.moves and isinstance(known.moves[-1], Outcome):
            newest = known.moves[-1]
            if newest.game.version == last.game.version:
                return _Recent(game.version, known.moves)
            if newest.state == last.before:
                known.moves.append(last)
                return _Recent(game.version, known.moves)
        return _Recent(game.version, await self._logged(game))

    async def _logged(self, game: Game) -> deque[Happened]:
        """The game's last moves as its log tells them: the moves that stand, and each
        take-back where it was made (the moves it undid, as one)."""
        told: list[Happened] = []
        undone: list[Outcome] = []
        for outcome, taken_back in await self._service.history.logged(game.id):
            # Moves undone by one take-back follow on from each other; the next undone
            # move follows on from before them, undone by another.
            if undone and (not taken_back or outcome.before != undone[-1].state):
                told.append(TakenBack(tuple(undone)))
                undone = []
            if taken_back:
                undone.append(outcome)
            else:
                told.append(outcome)
        if undone:
            told.append(TakenBack(tuple(undone)))
        return deque(told[-HAPPENED:], maxlen=HAPPENED)
