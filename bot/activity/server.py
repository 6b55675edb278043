"""The Activity's server: its page, its OAuth2 exchange, and each viewer's live connection.

Routes, all relative to where Discord's proxy (or the sandbox) maps the app:

- ``GET /`` and the page's files (built by ``page_build``);
- ``GET api/config``: the app's client id, which the page's SDK is made with;
- ``POST api/token`` ``{"code"}``: the SDK's authorization code exchanged with Discord
  for an access token (``{"access_token"}``), or ``{"error"}`` in plain words;
- ``GET api/live``: the viewer's WebSocket. Its first message is
  ``{"type": "hello", "access_token", "instance_id", "locale"}``; the viewer is who
  Discord says holds the token, in the instance Discord knows (``identity``), or the
  socket closes with 4001 (refused) or 4003 (the token ran out) and the reason. Then
  ``welcome``, and the launched game (``board_launches``) or the channel's ``games``;
  after that, the watched game's ``game`` after every change (``live_boards``). The page
  sends ``watch``, ``list``, ``move`` (``game``, ``intent``, ``version``, ``key``),
  ``join`` and ``start``; a refusal is ``{"type": "refused", "text"}`` and changed
  nothing.

A move from the board is the same change as a button's: the same service call in one
transaction, with the version (or a hidden hand's key) the viewer saw, made through the
channel's table (``ChannelTable``), which then shows it as after a press.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Protocol

from aiohttp import WSMsgType, web

from bot.activity.identity import DiscordIdentity, NotAllowed, Viewer
from bot.activity.live_boards import LiveBoards, Watcher
from bot.activity.page_words import page_words
from bot.discord_ui.discord_refusals import expected
from bot.games.outcome import Outcome
from bot.service import Actor, GameService, Player, ServiceError, Where
from bot.storage.records import Game, GameStatus
from i18n import Message, Words, language

log = logging.getLogger(__name__)

HELLO_SECONDS = 10.0
"""A live connection that hasn't said who it is by then is closed."""
MESSAGE_BYTES = 4096
"""The most a page's message may hold (its longest, a move, is under 200 bytes): a
bigger one closes the connection (1009) before it is read."""
SHUTDOWN_SECONDS = 2.0

NOT_JSON = Message("The board sent something the bot can't read.")
NO_BOARD = Message("That game has no board to show.")
FAILED = Message("That didn't work; nothing changed. Try again in a moment.")
NOT_STARTED = Message("That game hasn't started yet: join it or start it from the list.")
UNKNOWN_ASK = Message("The board asked for something the bot doesn't know.")


class ChannelTable(Protocol):
    """The channel's front end, through which a board's change is made, so that the
    channel shows it as after a press."""

    async def move(self, game_id: int, made: Callable[[], Awaitable[Outcome]]) -> Outcome:
        """Makes a move (``made``), then shows it in the channel."""
        ...

    async def change(self, game_id: int, made: Callable[[], Awaitable[Game]]) -> Game:
        """Makes a lobby's change (``made``), then shows it in the channel."""
        ...


Rematch = Callable[[int, Actor, int], Awaitable[None]]
"""Asks for a finished game's rematch as ``actor`` from the board in a channel: shown in
the channel as a press of **Rematch** there."""


class Launches(Protocol):
    """Which game each member last opened the board from."""

    async def launched(self, user_id: int, channel_id: int) -> int | None:
        """The game ``user_id`` opened the board from in ``channel_id`` lately, if any."""
        ...


@dataclass(frozen=True)
class Page:
    """The page's files, read once: their bytes and media types."""

    files: dict[str, tuple[bytes, str]]

    @classmethod
    def read(cls, folder: Path) -> Page:
        """The files of the built page in ``folder``."""
        types = {".html": "text/html", ".js": "text/javascript", ".css": "text/css"}
        types |= {".svg": "image/svg+xml", ".woff2": "font/woff2", ".png": "image/png"}
        files = {
            path.name: (path.read_bytes(), types.get(path.suffix, "application/octet-stream"))
            for path in folder.iterdir()
            if path.is_file()
        }
        return cls(files)


class ActivityServer:
    """The Activity's HTTP server on its own port."""

    def __init__(
        self,
        service: GameService,
        identity: DiscordIdentity,
        table: ChannelTable,
        launches: Launches,
        page: Page,
        rematch: Rematch | None = None,
    ) -> None:
        """``rematch``: how a rematch is asked for (``None``: the board offers none)."""
        self._service = service
        self._identity = identity
        self._table = table
        self._launches = launches
        self._page = page
        self._rematch = rematch
        self.boards = LiveBoards(service, rematches=rematch is not None)
        service.watchers.append(self.boards.changed)
        self._runner: web.AppRunner | None = None
        self._site: web.TCPSite | None = None
        self._sockets: set[web.WebSocketResponse] = set()
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
        try:
            await self.boards.stop()
            if self._site is not None:
                await self._site.stop()

            async def closed(socket: web.WebSocketResponse) -> None:
                with contextlib.suppress(Exception):
                    async with asyncio.timeout(SHUTDOWN_SECONDS):
                        await socket.close(code=1001, message=b"the bot is restarting")

            await asyncio.gather(*(closed(s) for s in list(self._sockets)))
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
        return web.json_response({"client_id": str(self._identity.client_id)})

    async def _token(self, request: web.Request) -> web.Response:
        english = language(None)
        try:
            body = await request.json()
        except (ValueError, UnicodeDecodeError):
            return web.json_response({"error": english.say(NOT_JSON)}, status=400)
        code = body.get("code") if isinstance(body, dict) else None
        if not isinstance(code, str) or not 0 < len(code) <= 256:
            return web.json_response({"error": english.say(NOT_JSON)}, status=400)
        try:
            token = await self._identity.exchange(code)
        except NotAllowed as refused:
            return web.json_response({"error": english.say(refused.words)}, status=403)
        return web.json_response({"access_token": token})

    async def _live(self, request: web.Request) -> web.StreamResponse:
        socket = web.WebSocketResponse(max_msg_size=MESSAGE_BYTES, heartbeat=30.0)
        await socket.prepare(request)
        self._sockets.add(socket)
        watcher: Watcher | None = None
        try:
            watcher = await self._greeted(socket)
            if watcher is None:
                return socket
            self.boards.add(watcher)
            await self._first_view(watcher)
            async for message in socket:
                if message.type is not WSMsgType.TEXT:
                    break
                await self._asked(watcher, message.data)
        finally:
            if watcher is not None:
                self.boards.remove(watcher)
            self._sockets.discard(socket)
            if not socket.closed:
                await socket.close()
        return socket

    async def _greeted(self, socket: web.WebSocketResponse) -> Watcher | None:
        """The viewer, once Discord vouched for them; ``None`` (the socket closed) when
        it doesn't."""
        try:
            async with asyncio.timeout(HELLO_SECONDS):
                first = await socket.receive()
        except TimeoutError:
            await socket.close(code=4001, message=b"no hello")
            return None
        if first.type is not WSMsgType.TEXT:
            return None
        hello = _parsed(first.data)
        token, instance = (hello or {}).get("access_token"), (hello or {}).get("instance_id")
        if hello is None or hello.get("type") != "hello" or not _short(token, instance):
            await socket.close(code=4001, message=b"say hello first")
            return None
        try:
            viewer = await self._identity.viewer(str(token), str(instance))
        except NotAllowed as refused:
            lang = language(_locale(hello.get("locale")))
            reason = lang.say(refused.words).encode()[:120]
            await socket.close(code=refused.code, message=reason)
            return None
        lang = language(_locale(hello.get("locale")) or viewer.locale)
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
        launched = await self._launches.launched(viewer.user_id, viewer.channel_id)
        if launched is not None:
            try:
                await self._watch(watcher, launched)
            except ServiceError:
                pass
            else:
                if watcher.watching is not None:
                    return
        await self.boards.show_list(watcher)

    async def _asked(self, watcher: Watcher, data: str) -> None:
        """One message of the page's, answered: a refusal in plain words changes nothing,
        and whatever else fails is one log line and a refusal, never the connection's
        end (the page would only ask again)."""
        try:
            await self._answered(watcher, data)
        except ServiceError as refused:
            await self._refuse(watcher, refused.words)
        except Exception as error:
            log.info("a board's ask failed: %r", error, exc_info=not expected(error))
            await self._refuse(watcher, FAILED)

    async def _answered(self, watcher: Watcher, data: str) -> None:
        asked = _parsed(data)
        if asked is None:
            await self._refuse(watcher, NOT_JSON)
            return
        kind, game_id = asked.get("type"), _number(asked.get("game"))
        if kind == "list":
            watcher.watching = None
            await self.boards.show_list(watcher)
        elif game_id is None:
            await self._refuse(watcher, UNKNOWN_ASK)
        elif kind == "watch":
            await self._watch(watcher, game_id)
        elif kind == "move":
            await self._move(watcher, game_id, asked)
        elif kind == "join":
            await self._join(watcher, game_id)
        elif kind == "rematch" and self._rematch is not None:
            viewer = watcher.viewer
            await self._rematch(game_id, _actor(viewer), viewer.channel_id)
        elif kind == "start":
            # Starts exactly the seats the viewer was shown, as the lobby's button.
            version = _number(asked.get("version"))
            if version is None:
                await self._refuse(watcher, UNKNOWN_ASK)
                return
            made = partial(self._service.start, game_id, _actor(watcher.viewer), version)
            await self._table.change(game_id, made)
        else:
            await self._refuse(watcher, UNKNOWN_ASK)

    async def _watch(self, watcher: Watcher, game_id: int) -> None:
        game = await self._service.game_for(game_id, _actor(watcher.viewer))
        if game.status is GameStatus.LOBBY:
            # A lobby has no board yet: the list joins and starts it.
            await self._refuse(watcher, NOT_STARTED)
            return
        if game.state is None or game.broken is not None:
            # Closed before it began, or its saved data damaged: nothing to draw.
            await self._refuse(watcher, NO_BOARD)
            return
        watcher.watching = game.id
        watcher.sent, watcher.version = None, -1
        await watcher.say({"type": "watching", "game": game.id})
        await self.boards.show_game(watcher, game)

    async def _move(self, watcher: Watcher, game_id: int, asked: dict[str, Any]) -> None:
        intent, version, key = asked.get("intent"), asked.get("version"), asked.get("key")
        if not isinstance(intent, str) or not 0 < len(intent) <= 100:
            await self._refuse(watcher, UNKNOWN_ASK)
            return
        actor = _actor(watcher.viewer)
        decided = _number(key)
        # A hidden hand's choice counts while what its seat decides on is the same (its
        # key), as a button of its private message does.
        seen = None if decided is not None else _number(version)
        if decided is None and seen is None:
            # A move counts only on the version (or hand) its viewer saw.
            await self._refuse(watcher, UNKNOWN_ASK)
            return
        made = partial(self._service.turns.act, game_id, actor, seen, intent, key=decided)
        await self._table.move(game_id, made)

    async def _join(self, watcher: Watcher, game_id: int) -> None:
        viewer = watcher.viewer
        where = Where(viewer.guild_id, viewer.channel_id)
        player = Player(viewer.user_id, viewer.name)
        await self._table.change(game_id, partial(self._service.join, game_id, player, None, where))

    async def _refuse(self, watcher: Watcher, words: Words | str) -> None:
        text = words if isinstance(words, str) else watcher.lang.say(words)
        await watcher.say({"type": "refused", "text": text})


def _actor(viewer: Viewer) -> Actor:
    """The viewer as the service knows who asks: only in the instance's channel."""
    return Actor(viewer.user_id, where=Where(viewer.guild_id, viewer.channel_id))


def _parsed(data: str) -> dict[str, Any] | None:
    try:
        parsed = json.loads(data)
    except ValueError:
        return None
    return parsed if isinstance(parsed, dict) else None


def _number(value: object) -> int | None:
    """An id, version or key as the database holds one (64 bits), else ``None``."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**63:
        return value
    return None


def _short(*values: object) -> bool:
    return all(isinstance(v, str) and 0 < len(v) <= 256 for v in values)


def _locale(value: object) -> str | None:
    return value if isinstance(value, str) and len(value) <= 16 else None
