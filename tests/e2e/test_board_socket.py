"""The board's live connection and its sign-in, fed what no page sends, faster than anyone
clicks, or by a viewer who never reads: each unreadable hello or ask is refused in plain
words (one log line, no traceback), a flood of asks is closed, and a viewer whose
connection takes nothing holds no other viewer of the game."""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import os
import socket
from typing import Any, cast

import aiohttp
import pytest
from aiohttp import web

from bot.activity import live_boards
from bot.activity.asks import ASKS_AT_ONCE, ASKS_PER_SECOND, Asks
from bot.activity.identity import Viewer
from bot.activity.live_boards import Watcher
from emulator import User
from i18n import language
from tests.e2e.board_viewer import (
    WAIT,
    BoardViewer,
    base,
    connected,
    played_at_random,
    signed_in,
)
from tests.e2e.world import World

pytestmark = pytest.mark.e2e

BAD_HELLO = "The board didn't say who you are in a way the bot can read. Open the board again."


@pytest.fixture
def world(board_world: World) -> World:
    return board_world


def no_traceback(caplog: pytest.LogCaptureFixture) -> None:
    """Nothing logged with a traceback, nor as an error (the test set INFO)."""
    shown = [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert not shown, [r.getMessage() for r in shown]


async def viewer_of(world: World, session: aiohttp.ClientSession, user: User) -> BoardViewer:
    """``user``'s board in the channel's Activity, its list of games pushed, and the
    features' places."""
    instance = await world.discord.launch_activity(world.channel.id, user.id)
    token = await signed_in(world.discord, world.boards[0], user, session)
    viewer = await connected(world.boards[0], session, token, instance.id)
    # The ways into the lessons follow the games.
    await viewer.wait_for(lambda f: f["type"] == "places")
    return viewer


async def test_a_hello_the_bot_cannot_read_is_refused_in_plain_words(
    world: World, session: aiohttp.ClientSession, caplog: pytest.LogCaptureFixture
) -> None:
    instance = await world.discord.launch_activity(world.channel.id, world.players[0].id)
    hello = '{"type": "hello", "access_token": %s, "instance_id": %s, "locale": "en-US"}'
    place = json.dumps(instance.id)
    caplog.set_level(logging.INFO)
    unreadable = [
        hello % ('"a\\r\\nX-Forged: 1"', place),
        hello % ('"a\\u0000b"', place),
        hello % ('"\\ud800"', place),
        hello % ('"token"', '"\\udfff"'),
        '{"type": "hello", "deep": ' + "[" * 2000 + "]" * 2000 + "}",
        "[" * 4000,
        "not a hello",
    ]
    for text in unreadable:
        live = await session.ws_connect(f"{base(world.boards[0])}/api/live")
        await live.send_str(text)
        closed = await live.receive()
        assert closed.type is aiohttp.WSMsgType.CLOSE, text
        assert (live.close_code, closed.extra) == (4001, BAD_HELLO), text
    live = await session.ws_connect(f"{base(world.boards[0])}/api/live")
    await live.send_bytes(b'{"type": "hello"}')
    closed = await live.receive()
    assert (live.close_code, closed.extra) == (4001, BAD_HELLO)
    refused = [r for r in caplog.records if "hello was refused" in r.getMessage()]
    assert len(refused) == len(unreadable) + 1
    no_traceback(caplog)


async def test_an_ask_the_bot_cannot_read_is_refused_and_the_board_stays(
    world: World, session: aiohttp.ClientSession, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    await world.start_game(2, "claimit")
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None
    viewer = await viewer_of(world, session, world.players[0])
    unreadable = [
        {"type": "move", "game": game.id, "intent": "\ud800", "version": game.version},
        {"type": "watch", "game": game.id, "locale": "\udfff"},
        {"type": "list", "deep": "DEEP"},
    ]
    count = len(viewer.frames)
    for asked in unreadable:
        text = json.dumps(asked).replace('"DEEP"', "[" * 1500 + "]" * 1500)
        await viewer.socket.send_str(text)
    await viewer.socket.send_bytes(b'{"type": "list"}')
    await viewer.send(type="watch", game=game.id)
    watching = await viewer.game()
    answers = viewer.frames[count:]
    assert [f["type"] for f in answers[:4]] == ["refused"] * 4
    assert all(f["text"] == "The board sent something the bot can't read." for f in answers[:4])
    assert watching["game"]["version"] == game.version
    assert (await world.settled(game.id)).version == game.version
    no_traceback(caplog)


async def test_a_sign_in_the_bot_cannot_read_is_refused_in_plain_words(
    world: World, session: aiohttp.ClientSession, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    bodies = [
        '{"code": "\\ud800"}',
        '{"code": "a\\r\\nb"}',
        '{"code": ' + "[" * 2000 + "]" * 2000 + "}",
        "[" * 4000,
        "not json",
    ]
    for body in [*(b.encode() for b in bodies), b"\xff\xfe"]:
        async with session.post(f"{base(world.boards[0])}/api/token", data=body) as answer:
            assert answer.status == 400, body
            assert (await answer.json())["error"] == "The board sent something the bot can't read."
    no_traceback(caplog)


async def test_a_flood_of_asks_closes_the_connection_with_a_plain_reason(
    world: World, session: aiohttp.ClientSession, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    viewer = await viewer_of(world, session, world.players[0])
    count = len(viewer.frames)
    for _ in range(2000):
        await viewer.send(type="no such ask")
    code, reason = await viewer.ended()
    assert code == 4008
    assert reason == "The board asked for more than anyone could click. Open the board again."
    answered = [f for f in viewer.frames[count:] if f["type"] == "refused"]
    assert ASKS_AT_ONCE <= len(answered) < 2000
    no_traceback(caplog)


async def test_a_persons_bursts_are_all_answered(
    world: World, session: aiohttp.ClientSession
) -> None:
    """A reconnection (list, watch) and ten seconds of clicking five times a second, all at
    once."""
    viewer = await viewer_of(world, session, world.players[0])
    count = len(viewer.frames)
    asks = 2 + 10 * 5
    for _ in range(asks):
        await viewer.send(type="no such ask")
    await viewer.wait_for(lambda f: f["type"] == "refused", count + asks - 1)
    assert viewer.closed is None


def test_a_connections_asks_come_back_at_a_rate_no_person_keeps_up() -> None:
    now = [0.0]
    asks = Asks(lambda: now[0])
    assert all(asks.take() for _ in range(ASKS_AT_ONCE))
    assert not asks.take()
    now[0] += 1.0
    assert all(asks.take() for _ in range(int(ASKS_PER_SECOND)))
    assert not asks.take()
    now[0] -= 100.0
    assert not asks.take()
    now[0] += 1000.0
    assert sum(asks.take() for _ in range(2 * ASKS_AT_ONCE)) == ASKS_AT_ONCE


class Dropped:
    """A connection whose peer went away while a view was being written: the write fails,
    and the socket is not closed yet (its reader hears of it later)."""

    closed = False

    def __init__(self) -> None:
        self.writing = asyncio.Event()
        self.failed = asyncio.Event()

    async def send_str(self, text: str) -> None:
        try:
            await self.writing.wait()
            raise aiohttp.ClientConnectionResetError("Cannot write to closing transport")
        finally:
            self.failed.set()


async def test_an_answer_waiting_behind_a_failed_write_is_not_waited_for_forever() -> None:
    """The ask waiting for its answer is the connection's reader: were it left waiting, the
    connection's end would never be heard, and its board never let go."""
    dropped = Dropped()
    viewer = Viewer(4, "Ann", None, 2, 3, "i-1-gc-2-3", token="token")
    watcher = Watcher(cast(web.WebSocketResponse, dropped), viewer, language(None))
    await watcher.send({"type": "games", "games": []})
    await asyncio.sleep(0)
    answered = asyncio.create_task(watcher.say({"type": "refused", "text": "no"}))
    await asyncio.sleep(0)
    dropped.writing.set()
    await dropped.failed.wait()
    await asyncio.sleep(0)
    assert answered.done()
    await watcher.send({"type": "games", "games": [{}]})
    await watcher.say({"type": "refused", "text": "no more"})


PING = 9
"""A WebSocket ping's opcode: the bot pings after its pushes, and a reader that answers
no ping is let go."""


class Unread:
    """A viewer's connection that takes nothing once it said hello: a raw socket with the
    smallest receive buffer, read only when the test says."""

    def __init__(self, sock: socket.socket) -> None:
        self._sock = sock
        self._data = b""

    @classmethod
    async def connected(cls, port: int) -> Unread:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1)
        sock.setblocking(False)
        loop = asyncio.get_running_loop()
        await loop.sock_connect(sock, ("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        upgrade = (
            f"GET /api/live HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        await loop.sock_sendall(sock, upgrade.encode())
        unread = cls(sock)
        while b"\r\n\r\n" not in unread._data:
            await unread._read()
        head, _, unread._data = unread._data.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 101"), head
        return unread

    async def send(self, **message: Any) -> None:
        payload = json.dumps(message).encode()
        mask = os.urandom(4)
        assert len(payload) < 2**16
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        frame = bytes([0x81, 0x80 | 126]) + len(payload).to_bytes(2, "big") + mask + masked
        await asyncio.get_running_loop().sock_sendall(self._sock, frame)

    async def _read(self) -> None:
        async with asyncio.timeout(WAIT):
            data = await asyncio.get_running_loop().sock_recv(self._sock, 65536)
        if not data:
            raise ConnectionError("the bot ended the connection")
        self._data += data

    async def frame(self) -> tuple[int, bytes]:
        """The next frame the bot sent: its opcode and payload."""
        while True:
            data = self._data
            if len(data) >= 2:
                length, at = data[1] & 0x7F, 2
                if length == 126:
                    length, at = int.from_bytes(data[2:4], "big"), 4
                elif length == 127:
                    length, at = int.from_bytes(data[2:10], "big"), 10
                if len(data) >= at + length:
                    self._data = data[at + length :]
                    return data[0] & 0x0F, data[at : at + length]
            await self._read()

    async def views_until(self, version: int) -> list[int]:
        """The versions of the game pushed until ``version``'s."""
        versions: list[int] = []
        while not versions or versions[-1] < version:
            opcode, payload = await self.frame()
            if opcode == PING:
                continue
            assert opcode == 1, (opcode, payload)
            message = json.loads(payload)
            if message["type"] == "game":
                versions.append(message["game"]["version"])
        return versions

    async def closed(self) -> tuple[int, bytes]:
        """The code and reason the bot closed the connection with, the views before it
        read."""
        while True:
            opcode, payload = await self.frame()
            if opcode == 8:
                return int.from_bytes(payload[:2], "big"), payload[2:]

    def close(self) -> None:
        self._sock.close()


async def unread_watcher(
    world: World, session: aiohttp.ClientSession, user: User, game_id: int
) -> Unread:
    """``user`` watching the game on a connection that takes nothing, and that is already
    sent well over a hundred kB it hasn't taken (the game anew at each of its asks)."""
    instance = await world.discord.launch_activity(world.channel.id, user.id)
    token = await signed_in(world.discord, world.boards[0], user, session)
    unread = await Unread.connected(world.boards[0].port)
    await unread.send(type="hello", access_token=token, instance_id=instance.id)
    for _ in range(100):
        await unread.send(type="watch", game=game_id)
    return unread


async def played_on_boards(
    world: World, session: aiohttp.ClientSession
) -> tuple[Unread, list[int], int]:
    """A whole game of Claim It! played by Ann and Bo on their boards while Cy watches on a
    connection that takes nothing: Cy's connection, the versions Ann and Bo were pushed
    (each move waits for the mover's push) and the last."""
    await world.start_game(2, "claimit")
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None
    slow = await unread_watcher(world, session, world.players[2], game.id)
    viewers = {}
    for seat in game.seats:
        viewer = await viewer_of(world, session, world.user(seat.user_id or 0))
        await viewer.send(type="watch", game=game.id)
        viewers[seat.seat] = viewer
    moves, frame = await played_at_random(viewers, game.id)
    return slow, [after["game"]["version"] for _, after in moves], frame["game"]["version"]


async def test_a_viewer_who_never_reads_holds_no_other_viewer_of_the_game(
    world: World, session: aiohttp.ClientSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Never let go while the game is played: the others are pushed every move while its
    # sends wait (without its own task, each push would wait for it).
    monkeypatch.setattr(live_boards, "SEND_SECONDS", 3600.0)
    slow, pushed, last = await played_on_boards(world, session)
    try:
        views = await slow.views_until(last)
    finally:
        slow.close()
    # It was sent the game as it stood each time it could take a view: the views it
    # could not take meanwhile were replaced by newer ones, never queued.
    assert views[-1] == last and views == sorted(views)
    assert set(pushed) - set(views)


async def test_a_viewer_who_never_reads_is_let_go(
    world: World,
    session: aiohttp.ClientSession,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(live_boards, "SEND_SECONDS", 0.05)
    caplog.set_level(logging.INFO, live_boards.__name__)
    let_go = asyncio.Event()

    class Heard(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if "let go" in record.getMessage():
                let_go.set()

    heard = Heard()
    logging.getLogger(live_boards.__name__).addHandler(heard)
    try:
        slow, _, _ = await played_on_boards(world, session)
        async with asyncio.timeout(WAIT):
            await let_go.wait()
    finally:
        logging.getLogger(live_boards.__name__).removeHandler(heard)
    try:
        assert await slow.closed() == (1013, b"too slow")
    finally:
        slow.close()


async def test_a_viewer_who_never_reads_a_view_or_two_is_let_go_within_the_bound(
    world: World, session: aiohttp.ClientSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A few small views fill no buffer: the connection takes them all, and only its
    unanswered ping tells that its reader never reads."""
    monkeypatch.setattr(live_boards, "SEND_SECONDS", 0.05)
    await world.start_game(2, "claimit")
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None
    user = world.players[2]
    instance = await world.discord.launch_activity(world.channel.id, user.id)
    token = await signed_in(world.discord, world.boards[0], user, session)
    unread = await Unread.connected(world.boards[0].port)
    try:
        await unread.send(type="hello", access_token=token, instance_id=instance.id)
        await unread.send(type="watch", game=game.id)
        assert await unread.closed() == (1013, b"too slow")
    finally:
        unread.close()


class Pinged:
    """A live connection whose peer answers each ping ``late`` seconds after it (never,
    for ``None``): what it was sent, and how it was closed."""

    closed = False

    def __init__(self, late: float | None) -> None:
        self.late = late
        self.watcher: Watcher | None = None
        self.sent: list[str] = []
        self.pings = 0
        self.close_code: int | None = None
        self.closing = asyncio.Event()

    async def send_str(self, text: str) -> None:
        self.sent.append(text)

    async def ping(self, payload: bytes) -> None:
        self.pings += 1
        watcher = self.watcher
        assert watcher is not None
        if self.late is not None:
            asyncio.get_running_loop().call_later(self.late, watcher.pong, payload)

    async def close(self, *, code: int, message: bytes) -> None:
        self.closed = True
        self.close_code = code
        self.closing.set()


def pinged_watcher(late: float | None) -> tuple[Pinged, Watcher]:
    peer = Pinged(late)
    viewer = Viewer(4, "Ann", None, 2, 3, "i-1-gc-2-3", token="token")
    peer.watcher = Watcher(cast(web.WebSocketResponse, peer), viewer, language(None))
    return peer, peer.watcher


@pytest.mark.parametrize("late", [0.0, 0.1])
async def test_a_viewer_who_answers_each_ping_within_the_bound_is_kept(
    late: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Within ``SEND_SECONDS`` (0.2 here), however late in it: its pong's timer is set
    before the bound's, so a loop starved past both still hears the pong first."""
    monkeypatch.setattr(live_boards, "SEND_SECONDS", 0.2)
    peer, watcher = pinged_watcher(late)
    for number in range(12):
        await watcher.send({"type": "games", "games": [number]})
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.3)
    assert not peer.closed
    assert json.loads(peer.sent[-1])["games"] == [11]
    assert peer.pings >= 1


@pytest.mark.parametrize("late", [None, 0.4])
async def test_a_viewer_who_answers_a_ping_past_the_bound_is_let_go(
    late: float | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live_boards, "SEND_SECONDS", 0.2)
    peer, watcher = pinged_watcher(late)
    await watcher.send({"type": "games", "games": []})
    async with asyncio.timeout(WAIT):
        await peer.closing.wait()
    assert peer.close_code == 1013
    await watcher.send({"type": "games", "games": [1]})
    assert len(peer.sent) == 1
