"""The Activity's server: its page, its OAuth2 exchange, and each viewer's live connection.

Routes, all relative to where Discord's proxy (or the sandbox) maps the app:

- ``GET /`` and the page's files (built by ``page_build``);
- ``GET api/config?locale=``: the app's client id, which the page's SDK is made with,
  and the words the page shows before it signs in, in that locale's language;
- ``POST api/token`` ``{"code"}``: the SDK's authorization code exchanged with Discord
  for an access token (``{"access_token"}``), or ``{"error"}`` in plain words;
- ``GET api/live``: the viewer's WebSocket. Its first message is
  ``{"type": "hello", "access_token", "instance_id", "locale"}``; the viewer is who
  Discord says holds the token, in the instance Discord knows (``identity``), or the
  socket closes with 4001 (refused, a hello the bot can't read too) or 4003 (the token ran
  out) and the reason. Then ``welcome``, and the launched game (``Launches``) or the
  channel's ``games`` (a lobby's too); after that, the watched game's ``game`` after every change
  (``live_boards``), and at each launch of the viewer's from a table there, that game's
  ``watching`` and ``game``. The page sends ``watch``, ``list``, ``move`` (``game``,
  ``intent``, ``version``, ``key``), ``join``, ``start``, ``action`` (``game``,
  ``action``: one of the features' that the game's view lists, ``version``; answered to
  the asker alone where the action answers, ``answered``), ``place``
  (``place``: one of the features' places the ``places`` list names, ``key``, ``ask``:
  ``open``, or ``move`` with its ``intent`` or one of the place's ways, at its
  ``version``; answered with the place as it now shows, to the viewer alone) and ``ping``
  (answered ``pong``: the page checks its connection still carries); a refusal is
  ``{"type": "refused", "text"}`` and changed nothing. A connection asking faster than a
  person could (``ASKS_AT_ONCE``, ``ASKS_PER_SECOND``) is closed with 4008 and the
  reason. Discord's word is asked again (``identity.FRESH_SECONDS``) before any ask
  naming a game and before a push, and heard of at Discord's events (``departed``,
  ``permissions_changed``): a viewer it no longer vouches for is closed with 4001 or
  4003 and the reason, pushed nothing more.

A move from the board is the same change as a button's: the same service call in one
transaction, with the version (or a hidden hand's key) the viewer saw, made through the
channel's table (``ChannelTable``), which then shows it as after a press.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Callable
from functools import partial
from socket import SO_SNDBUF, SOL_SOCKET
from typing import Any

from aiohttp import WSMsgType, web

from bot.activity import board_refusals as refusals
from bot.activity.asks import (
    Answering,
    Asks,
    intent,
    locale,
    number,
    parsed,
    plain,
    received,
)
from bot.activity.channel_table import ChannelTable
from bot.activity.feature_parts import FeatureParts
from bot.activity.identity import DOWN, NO_PLACE, DiscordIdentity, NotAllowed
from bot.activity.launched_boards import LaunchedBoards
from bot.activity.live_boards import LiveBoards, Watcher, close_within
from bot.activity.page_files import Page
from bot.activity.page_words import early_words, page_words
from bot.discord_ui.discord_refusals import expected
from bot.service import GameService, Player, ServiceError, Where
from bot.service.board_actions import Asked, Offered
from bot.service.board_places import Asked as AskedThere
from bot.service.errors import BoardMovedOn, NotYourTurn
from bot.storage.records import Game, GameStatus
from i18n import Words, language

log = logging.getLogger(__name__)

HELLO_SECONDS = 10.0
"""A live connection that hasn't said who it is by then is closed."""
MESSAGE_BYTES = 4096
"""The most a page's message may hold (its longest, a move, is under 200 bytes): a
bigger one closes the connection (1009) before it is read."""
SHUTDOWN_SECONDS = 2.0
SEND_BUFFER = 65536
"""The system's send buffer of a live connection (which Linux doubles), rather than the
megabytes it grows to: a viewer who stops reading holds little of the machine's memory,
and is let go soon (``live_boards.SEND_SECONDS``), while a view (a few kB) still fits
many times over."""


class ActivityServer:
    """The Activity's HTTP server on its own port."""

    def __init__(
        self,
        service: GameService,
        identity: DiscordIdentity,
        table: ChannelTable,
        page: Page,
        parts: FeatureParts,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``parts``: what the features add to the board; ``clock``: what each
        connection's asks are timed by."""
        self._service = service
        self._identity = identity
        self._table = table
        self._launches = parts.launches
        self._page = page
        self._actions = parts.actions
        self._places = parts.places
        self._clock = clock
        self.boards = LiveBoards(service, parts.actions, kept=self._still_there)
        service.watchers.append(self.boards.changed)
        self._launched = LaunchedBoards(self.boards, self._opened_on)
        if self._launches is not None:
            self._launches.follow(self._launched.launched)
        self._runner: web.AppRunner | None = None
        self._site: web.TCPSite | None = None
        self._sockets: set[web.WebSocketResponse] = set()
        self._closing: set[asyncio.Task[None]] = set()
        self.port = 0
        """The port it serves on, once started."""

    def app(self) -> web.Application:
        """Its routes, with requests no bigger than the page's largest message."""
        app = web.Application(client_max_size=MESSAGE_BYTES)
        app.router.add_get("/", self._index)
        app.router.add_get("/api/config", self._config)
        app.router.add_post("/api/token", self._token)
        app.router.add_get("/api/live", self._live)
        app.router.add_get("/{name}", self._file)
        return app

    async def start(self, host: str, port: int) -> int:
        """Serves on ``host``:``port`` (0: any free port); returns the port."""
        self._runner = web.AppRunner(self.app(), access_log=None, shutdown_timeout=SHUTDOWN_SECONDS)
        await self._runner.setup()
        self._site = web.TCPSite(self._runner, host, port)
        await self._site.start()
        server = self._site._server
        assert server is not None
        sockets = getattr(server, "sockets", None) or ()
        self.port = int(sockets[0].getsockname()[1]) if sockets else port
        return self.port

    async def stop(self) -> None:
        """Stops pushing and serving, within ``SHUTDOWN_SECONDS`` whatever the boards do:
        no new connection is taken, then each open board is told the bot is restarting
        (its page connects again by itself, to this bot started again)."""
        with contextlib.suppress(ValueError):
            self._service.watchers.remove(self.boards.changed)
        if self._launches is not None:
            self._launches.unfollow(self._launched.launched)
        self._launched.stop()
        try:
            await self.boards.stop()
            if self._site is not None:
                await self._site.stop()

            restarting = b"the bot is restarting"
            closed = (close_within(s, 1001, restarting, SHUTDOWN_SECONDS) for s in self._sockets)
            await asyncio.gather(*list(closed), *self._closing)
            if self._runner is not None:
                await self._runner.cleanup()
        finally:
            await self._identity.close()

    async def _index(self, request: web.Request) -> web.StreamResponse:
        return self._served("index.html")

    async def _file(self, request: web.Request) -> web.StreamResponse:
        return self._served(request.match_info["name"])

    def _served(self, name: str) -> web.StreamResponse:
        if name not in self._page.files:
            raise web.HTTPNotFound()
        body, media = self._page.files[name]
        response = web.Response(body=body, content_type=media)
        # The page's files change only with a new bot, and are named the same.
        response.headers["Cache-Control"] = "no-cache"
        response.enable_compression()
        return response

    async def _config(self, request: web.Request) -> web.Response:
        lang = language(request.query.get("locale"))
        return web.json_response(
            {
                "client_id": str(self._identity.client_id),
                "lang": lang.code,
                "words": early_words(lang),
            }
        )

    async def _token(self, request: web.Request) -> web.Response:
        english = language(None)
        body = parsed(await request.read())
        code = None if body is None else body.get("code")
        if not isinstance(code, str) or not plain(code):
            log.info("a sign-in the bot can't read was refused")
            return web.json_response({"error": english.say(refusals.NOT_JSON)}, status=400)
        try:
            token = await self._identity.exchange(code, request.remote)
        except NotAllowed as refused:
            return web.json_response({"error": english.say(refused.words)}, status=403)
        return web.json_response({"access_token": token})

    async def _live(self, request: web.Request) -> web.StreamResponse:
        connection = (
            None if request.transport is None else request.transport.get_extra_info("socket")
        )
        if connection is not None:
            connection.setsockopt(SOL_SOCKET, SO_SNDBUF, SEND_BUFFER)
        # Pongs are the reader's to hear (``received``): they tell that a push was read.
        socket = web.WebSocketResponse(max_msg_size=MESSAGE_BYTES, heartbeat=30.0, autoping=False)
        await socket.prepare(request)
        self._sockets.add(socket)
        watcher: Watcher | None = None
        answering: Answering | None = None
        finish = True
        try:
            watcher = await self._greeted(socket, request.remote)
            if watcher is None:
                return socket
            self.boards.add(watcher)
            await self._first_view(watcher)
            asks, answering = Asks(self._clock), Answering(functools.partial(self._asked, watcher))
            while True:
                message = await received(socket, watcher.pong)
                if message.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                    break
                if not asks.take():
                    log.info("a board asking faster than anyone clicks was closed")
                    await answering.close(finish=True)
                    reason = refusals.close_reason(watcher.lang, refusals.ASKED_TOO_FAST)
                    await close_within(socket, refusals.TOO_MANY, reason, SHUTDOWN_SECONDS)
                    break
                # A binary ask is as unreadable as any other that isn't JSON.
                await answering.put(message.data if message.type is WSMsgType.TEXT else "")
        except asyncio.CancelledError:
            finish = False
            raise
        finally:
            if answering is not None:
                await answering.close(finish)
            if watcher is not None:
                self.boards.remove(watcher)
            self._sockets.discard(socket)
            if not socket.closed:
                await socket.close()
        return socket

    async def _greeted(self, socket: web.WebSocketResponse, remote: str | None) -> Watcher | None:
        """The viewer, once Discord vouched for them; ``None`` (the socket closed) when
        it doesn't. ``remote``: the address the connection came from."""
        try:
            async with asyncio.timeout(HELLO_SECONDS):
                first = await received(socket, None)
        except TimeoutError:
            await refusals.hello_refused(socket, None, "no hello in time")
            return None
        if first.type is WSMsgType.BINARY:
            await refusals.hello_refused(socket, None, "a binary hello")
            return None
        if first.type is not WSMsgType.TEXT:
            return None
        hello = parsed(first.data)
        token, instance = (hello or {}).get("access_token"), (hello or {}).get("instance_id")
        if hello is None or hello.get("type") != "hello":
            await refusals.hello_refused(socket, hello, "no hello")
            return None
        if not plain(token, instance):
            await refusals.hello_refused(
                socket, hello, "a token or instance id Discord never makes"
            )
            return None
        try:
            viewer = await self._identity.viewer(str(token), str(instance), remote)
        except NotAllowed as refused:
            lang = language(locale(hello.get("locale")))
            await socket.close(
                code=refused.code, message=refusals.close_reason(lang, refused.words)
            )
            return None
        lang = language(locale(hello.get("locale")) or viewer.locale)
        watcher = Watcher(socket, viewer, lang)
        await watcher.say(
            {
                "type": "welcome",
                "user": {"id": str(viewer.user_id), "name": viewer.name},
                "lang": lang.code,
                "words": page_words(lang),
            }
        )
        return watcher

    async def _first_view(self, watcher: Watcher) -> None:
        """The game the viewer opened the board from, else the channel's games."""
        viewer = watcher.viewer
        launched = None
        if self._launches is not None:
            launched = await self._launches.launched(viewer.user_id, viewer.channel_id)
        if launched is not None:
            try:
                await self._opened_on(watcher, launched)
            except ServiceError:
                pass
            else:
                return
        await self._show_list(watcher)

    async def _opened_on(self, watcher: Watcher, game_id: int) -> None:
        """The game the board was opened from; its place's list where that is a lobby (a
        conversation's, whose message offers the board: joined and started there) or a
        game with nothing to draw."""
        game = await self._service.game_for(game_id, watcher.viewer.actor)
        if game.status is not GameStatus.LOBBY:
            await self._shown(watcher, game)
        if watcher.watching != game.id:
            watcher.watching = None
            await self._show_list(watcher)

    async def _show_list(self, watcher: Watcher) -> None:
        """The channel's games, then the ways into the features' places."""
        await self.boards.show_list(watcher)
        if self._places is not None:
            viewer = watcher.viewer
            await watcher.say(await self._places.listed(viewer.user_id, viewer.where, watcher.lang))

    async def _asked(self, watcher: Watcher, data: str) -> None:
        """One message of the page's, answered: a refusal in plain words changes nothing,
        and whatever else fails is one log line and a refusal, never the connection's
        end (the page would only ask again)."""
        try:
            await self._answered(watcher, data)
        except ServiceError as refused:
            await self._refuse(watcher, refused.words)
        except NotAllowed as refused:
            if refused.code == DOWN:
                await self._refuse(watcher, refused.words)
            else:
                await self._let_go(watcher, refused)
        except Exception as error:
            log.info("a board's ask failed: %r", error, exc_info=not expected(error))
            await self._refuse(watcher, refusals.FAILED)

    async def _let_go(self, watcher: Watcher, refused: NotAllowed) -> None:
        """Discord no longer vouches for the viewer: nothing more is pushed to them, and
        their connection closes with the reason."""
        self.boards.remove(watcher)
        reason = refusals.close_reason(watcher.lang, refused.words)
        # The close waits on the viewer's side, which may be slow: a push letting them go
        # never waits with it.
        closing = asyncio.create_task(
            close_within(watcher.socket, refused.code, reason, SHUTDOWN_SECONDS)
        )
        self._closing.add(closing)
        closing.add_done_callback(self._closing.discard)

    async def departed(self, guild_id: int, user_id: int) -> None:
        """Discord says the user left the server (or was removed): their boards there
        close now, and a board opened again is asked of Discord anew."""
        self._identity.forget_places(guild_id, user_id)
        for watcher in self.boards.in_server(guild_id):
            if watcher.viewer.user_id == user_id:
                await self._let_go(watcher, NotAllowed(NO_PLACE))

    async def permissions_changed(self, guild_id: int) -> None:
        """A channel's overwrites or a role changed in the server: each board open there
        is asked again now whether its viewer still sees its channel (one look-up a
        viewer, at each such change)."""
        self._identity.forget_places(guild_id)

        async def checked(watcher: Watcher) -> None:
            try:
                await self._identity.in_place(watcher.viewer)
            except NotAllowed as refused:
                if refused.code != DOWN:
                    await self._let_go(watcher, refused)

        await asyncio.gather(*(checked(w) for w in self.boards.in_server(guild_id)))

    async def _still_there(self, watchers: list[Watcher]) -> list[Watcher]:
        """The ``watchers`` Discord's word of late (``FRESH_SECONDS``) still has in their
        Activity instance, each instance asked once however many of its boards are open;
        the others are let go. While Discord can't say, they are kept."""
        by_instance: dict[str, list[Watcher]] = {}
        for watcher in watchers:
            by_instance.setdefault(watcher.viewer.instance_id, []).append(watcher)

        async def kept(group: list[Watcher]) -> list[Watcher]:
            staying = []
            for watcher in group:
                try:
                    await self._identity.in_instance(
                        watcher.viewer.instance_id, watcher.viewer.user_id
                    )
                except NotAllowed as refused:
                    if refused.code != DOWN:
                        await self._let_go(watcher, refused)
                        continue
                staying.append(watcher)
            return staying

        groups = await asyncio.gather(*(kept(group) for group in by_instance.values()))
        return [watcher for group in groups for watcher in group]

    async def _answered(self, watcher: Watcher, data: str) -> None:
        asked = parsed(data)
        if asked is None:
            await self._refuse(watcher, refusals.NOT_JSON)
            return
        kind, game_id = asked.get("type"), number(asked.get("game"))
        if kind == "place" or (kind != "list" and game_id is not None):
            # A move, a join, a start, an action or a game's view (a hand): on Discord's
            # word of late that the viewer still holds their token and their place.
            await self._identity.still(watcher.viewer)
        if kind == "ping":
            # The page's check that its connection still carries: answered at once.
            await watcher.say({"type": "pong"})
        elif kind == "list":
            watcher.watching = None
            await self._show_list(watcher)
        elif kind == "place":
            await self._in_place(watcher, asked)
        elif game_id is None:
            await self._refuse(watcher, refusals.UNKNOWN_ASK)
        elif kind == "watch":
            await self._watch(watcher, game_id)
        elif kind == "move":
            await self._move(watcher, game_id, asked)
        elif kind == "join":
            await self._join(watcher, game_id)
        elif kind == "action":
            await self._act(watcher, game_id, asked)
        elif kind == "start":
            # Starts exactly the seats the viewer was shown, as the lobby's button.
            version = number(asked.get("version"))
            if version is None:
                await self._refuse(watcher, refusals.UNKNOWN_ASK)
                return
            made = partial(self._service.start, game_id, watcher.viewer.actor, version)
            await self._table.change(game_id, made)
        else:
            await self._refuse(watcher, refusals.UNKNOWN_ASK)

    async def _watch(self, watcher: Watcher, game_id: int) -> None:
        game = await self._service.game_for(game_id, watcher.viewer.actor)
        if game.status is GameStatus.LOBBY:
            # A lobby has no board yet: the list joins and starts it.
            await self._refuse(watcher, refusals.NOT_STARTED)
            return
        await self._shown(watcher, game)

    async def _shown(self, watcher: Watcher, game: Game) -> None:
        """Turns the board to ``game``, which has begun."""
        if game.state is None or game.broken is not None:
            # Closed before it began, or its saved data damaged: nothing to draw.
            await self._refuse(watcher, refusals.NO_BOARD)
            return
        if watcher.watching != game.id:
            # Another game's versions say nothing of this one's.
            watcher.version = -1
        # Shown anew even if unchanged, but never older than a push that overtook this read.
        watcher.watching, watcher.sent = game.id, None
        await watcher.say({"type": "watching", "game": game.id})
        await self.boards.show_game(watcher, game)

    async def _move(self, watcher: Watcher, game_id: int, asked: dict[str, Any]) -> None:
        chosen, version, key = asked.get("intent"), asked.get("version"), asked.get("key")
        if not intent(chosen):
            await self._refuse(watcher, refusals.UNKNOWN_ASK)
            return
        actor = watcher.viewer.actor
        decided = number(key)
        # A hidden hand's choice counts while what its seat decides on is the same (its
        # key), as a button of its private message does.
        seen = None if decided is not None else number(version)
        if decided is None and seen is None:
            # A move counts only on the version (or hand) its viewer saw.
            await self._refuse(watcher, refusals.UNKNOWN_ASK)
            return
        made = partial(self._service.turns.act, game_id, actor, seen, chosen, key=decided)
        try:
            await self._table.move(game_id, made)
        except (BoardMovedOn, NotYourTurn):
            # Pressed on a game that moved on since (held offline, say): that is why.
            looked = number(version)
            if looked is not None and looked != (await self._service.game(game_id)).version:
                await self._refuse(watcher, refusals.MOVED_ON)
                return
            raise

    async def _act(self, watcher: Watcher, game_id: int, asked: dict[str, Any]) -> None:
        """A feature's action, taken only where the viewer is offered it now, as the
        feature's buttons take it; one that changes what others see is shown in the
        channel and every board of the game pushed anew (what each is offered may have
        changed with it); its answer, if any, is said to the asker alone."""
        name, version = asked.get("action"), asked.get("version")
        actions = self._actions
        seen = number(version)
        if actions is None or not actions.known(name) or (version is not None and seen is None):
            await self._refuse(watcher, refusals.UNKNOWN_ASK)
            return
        assert isinstance(name, str)
        viewer = watcher.viewer
        actor = viewer.actor
        game = await self._service.game_for(game_id, actor)
        if await actions.offered(name, game, viewer.user_id) is not Offered.ENABLED:
            await self._refuse(watcher, refusals.NOT_OFFERED)
            return
        made = actions.made(name, Asked(game_id, actor, viewer.channel_id, seen, game))
        if actions.others_see(name):
            await self._table.act(game_id, name, made)
            self.boards.changed(game_id)
        else:
            await made()
        at = game.version if seen is None else seen
        answer = actions.answer(name, made, game_id, at, watcher.lang)
        if answer is not None:
            await watcher.say(answer)

    async def _in_place(self, watcher: Watcher, asked: dict[str, Any]) -> None:
        """A feature's place opened, or asked in: answered to the viewer alone with what
        it shows now. While there, the viewer watches no game."""
        name, key, ask = asked.get("place"), asked.get("key"), asked.get("ask")
        places = self._places
        if places is None or not places.known(name) or not plain(key) or not plain(ask):
            await self._refuse(watcher, refusals.UNKNOWN_ASK)
            return
        assert isinstance(name, str) and isinstance(key, str) and isinstance(ask, str)
        viewer, lang, now = watcher.viewer, watcher.lang, self._service.clock()
        where = viewer.where
        if ask == "open":
            view = await places.opened(name, viewer.user_id, viewer.name, key, where, lang, now)
        else:
            version, chosen = number(asked.get("version")), asked.get("intent")
            if version is None or not (chosen is None or intent(chosen)):
                await self._refuse(watcher, refusals.UNKNOWN_ASK)
                return
            there = AskedThere(viewer.user_id, viewer.name, key, version, ask, chosen, where)
            view = await places.asked(name, there, lang, now)
        watcher.watching, watcher.sent = None, None
        await watcher.say(view)

    async def _join(self, watcher: Watcher, game_id: int) -> None:
        viewer = watcher.viewer
        where = Where(viewer.guild_id, viewer.channel_id)
        player = Player(viewer.user_id, viewer.name)
        await self._table.change(game_id, partial(self._service.join, game_id, player, None, where))

    async def _refuse(self, watcher: Watcher, words: Words | str) -> None:
        text = words if isinstance(words, str) else watcher.lang.say(words)
        await watcher.say({"type": "refused", "text": text})
