"""The gateway: the bot's WebSocket sessions, and the events sent down them.

It is sharded as Discord's is: a session that identifies as shard ``[shard_id,
num_shards]`` gets only the events of the guilds ``shard_of`` puts on its shard, and
events outside any guild (DMs) go to shard 0 alone.

A session outlives its socket, as on Discord: when the socket goes away (the client
closes it with a code other than 1000 or 1001, the connection drops, the emulator asks
the client to reconnect or closes the socket itself), what happens on the session's
shard is kept for it, and a RESUME within ``Gateway.resume_window`` replays each event
after the client's ``seq``, in order and with its own sequence number, then RESUMED. So
a member's click while the bot was away reaches it once it is back, as from Discord:
too late to answer (10062) if that was more than 3 seconds after the click.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from aiohttp import web

from emulator import payloads
from emulator.model import Guild, new_token, shard_of
from emulator.settings import Settings
from emulator.world import World

GUILDS_INTENT = 1 << 0
"""A server's channels' events, VOICE_CHANNEL_STATUS_UPDATE among them."""
GUILD_MEMBERS_INTENT = 1 << 1
GUILD_VOICE_STATES_INTENT = 1 << 7
"""VOICE_STATE_UPDATE, and who is in voice in GUILD_CREATE."""
GUILD_MESSAGES_INTENT = 1 << 9
"""MESSAGE_CREATE and MESSAGE_DELETE in a server's channels and threads."""
MESSAGE_CONTENT_INTENT = 1 << 15
"""Privileged: the content of others' messages in those events (``message_events``)."""

RESUME_WINDOW = 90.0
"""Seconds a session whose socket went away stays resumable. Discord's documentation says
only that such a session "will remain active and timeout after a few minutes" (Gateway,
"Initiating a Disconnect"); the one measured figure is about 90 seconds, after which
RESUMEs got op 9 (discord/discord-api-docs#1619). The short end, so that a bot counting
on a longer outage being resumable learns it here."""

CLEAN_CLOSES = frozenset({1000, 1001})
"""A client's close codes that end its session: "When you close the connection to the
gateway with close code 1000 or 1001, your session will be invalidated" (Gateway,
"Initiating a Disconnect"). discord.py closes with 1000 when the bot stops."""

NOT_RESUMABLE = frozenset({4001, 4003, 4004, 4005, 4007, 4009, 4010, 4011, 4012, 4013, 4014})
"""Discord's own close codes after which the session cannot be resumed (Opcodes and
Status Codes, "Gateway Close Event Codes": Resume false); after any other, it can."""


_ENDS = frozenset(
    {web.WSMsgType.CLOSE, web.WSMsgType.CLOSING, web.WSMsgType.CLOSED, web.WSMsgType.ERROR}
)
"""What ``receive`` gives once a socket is over: the client's close frame, the emulator's
own close, a connection that dropped without one, or a broken frame."""


def discords_backlog(guilds: int) -> int:
    """How many events Discord keeps to replay for a session in ``guilds`` guilds: "the
    gateway will be able to replay up to … ``max(100, min(3500, num_guilds * 75))``
    messages" (discord/discord-api-docs#24, by Discord's gateway developer). Missing
    more, the session is invalidated: "it'd take about 20 seconds to exhaust the message
    buffer and make the session un-resumable" for a bot in 2,500 guilds."""
    return max(100, min(3500, guilds * 75))


class Gateway:
    def __init__(self, settings: Settings, world: World) -> None:
        self._settings = settings
        self._world = world
        self._sessions: list[Session] = []
        """Live sessions, and those waiting for a resume."""
        self._connections: set[Connection] = set()
        self._closing: set[asyncio.Task[bool]] = set()
        self._sessions_changed = asyncio.Condition()
        self.resume_window = RESUME_WINDOW
        """Seconds, on the emulator's clock, that a session whose socket went away stays
        resumable (``RESUME_WINDOW``)."""
        self.resume_backlog: int | None = None
        """The most events a session may miss and still be resumed; ``None`` for
        Discord's figure from its guilds (``discords_backlog``). One more and the session
        is invalidated, as Discord does, and its events are dropped."""

    @property
    def connected(self) -> bool:
        """Whether a bot has a live session on the gateway (as any shard)."""
        return any(s.connection is not None for s in self._sessions)

    async def connect(self, request: web.Request) -> web.WebSocketResponse:
        """A socket, from the hello to its close."""
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        connection = Connection(ws, request.transport)
        self._connections.add(connection)
        client_close: int | None = None
        try:
            interval_ms = round(self._settings.heartbeat_interval * 1000)
            await ws.send_json({"op": 10, "d": {"heartbeat_interval": interval_ms}})
            while not ws.closed:
                frame = await ws.receive()
                if frame.type is web.WSMsgType.CLOSE:
                    client_close = frame.data
                if frame.type in _ENDS:
                    break
                if frame.type is not web.WSMsgType.TEXT:
                    continue
                event = json.loads(frame.data)
                op = event.get("op")
                if op == 1:
                    connection.acknowledge_heartbeat(self._settings.heartbeat_round_trip)
                elif op in (2, 6) and connection.session is not None:
                    # Discord's table: no resume after 4005.
                    await self._went_away(connection.session, ended=True)
                    await ws.close(code=4005, message=b"Already authenticated.")
                elif op == 2:
                    await self._identify(connection, event["d"])
                elif op == 6:
                    await self._resume(connection, event["d"])
        finally:
            connection.close()
            self._connections.discard(connection)
            session = connection.session
            if session is not None:
                await self._went_away(session, ended=client_close in CLEAN_CLOSES)
        return ws

    async def close(self) -> None:
        self._sessions.clear()
        for task in self._closing:
            task.cancel()
        await asyncio.gather(*self._closing, return_exceptions=True)
        for connection in list(self._connections):
            await connection.ws.close()

    async def _identify(self, connection: Connection, identify: dict[str, Any]) -> None:
        """READY and the shard's guilds on a new session, or the socket closed as Discord
        closes it."""
        ws = connection.ws
        if not self._authentic(identify):
            await ws.close(code=4004, message=b"Authentication failed.")
            return
        asked = identify.get("shard")
        shard = (0, 1) if asked is None else _shard(asked)
        if shard is None:
            await ws.close(code=4010, message=b"Invalid shard")
            return
        shard_id, shard_count = shard
        world = self._world
        guilds = [g for g in world.guilds.values() if _on_shard(g.id, shard_id, shard_count)]
        if len(guilds) > self._settings.max_guilds_per_shard:
            await ws.close(code=4011, message=b"Sharding required")
            return
        session = Session(new_token(), shard, int(identify.get("intents") or 0), len(guilds))
        # The shard's session waiting for a resume is over, and what it missed with it.
        self._sessions = [s for s in self._sessions if s.connection is not None or s.shard != shard]
        self._sessions.append(session)
        session.attach(connection, 0)
        ready: dict[str, Any] = {
            "v": 10,
            "user": payloads.user(world.bot),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.session_id,
            "resume_gateway_url": self._settings.gateway_url,
            "application": {"id": str(world.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
        }
        # Discord names the shard in READY only to a session that identified with one.
        if asked is not None:
            ready["shard"] = list(shard)
        # Into the backlog before any await: an event dispatched meanwhile comes after them.
        session.append("READY", ready, self._backlog(session))
        for guild in guilds:
            created = guild_create(world, guild, intents=session.intents)
            session.append("GUILD_CREATE", created, self._backlog(session))
        await session.flush()
        await self._changed()

    async def _resume(self, connection: Connection, resume: dict[str, Any]) -> None:
        """The events the session missed after ``seq``, then RESUMED; op 9 for a session
        Discord no longer has, or the socket closed as Discord closes it."""
        ws = connection.ws
        if not self._authentic(resume):
            await ws.close(code=4004, message=b"Authentication failed.")
            return
        self._expire()
        session = next(
            (s for s in self._sessions if s.session_id == resume.get("session_id")), None
        )
        if session is None:
            await ws.send_json({"op": 9, "d": False})
            return
        seq = resume.get("seq")
        # type() rather than isinstance(): JSON's true is no sequence number.
        if type(seq) is not int or not 0 <= seq <= session.sequence:
            await self._end(session)
            await ws.close(code=4007, message=b"Invalid seq")
            return
        if seq < session.sequence - len(session.backlog):
            # Some of what it missed is no longer kept.
            await self._end(session)
            await ws.send_json({"op": 9, "d": False})
            return
        taken_from = session.connection
        if taken_from is not None:
            # A socket the client gave up on while the emulator still read it as live.
            taken_from.session = None
            taken_from.cut()
        session.attach(connection, seq)
        session.append("RESUMED", {}, self._backlog(session))
        await session.flush()
        await self._changed()

    def _authentic(self, payload: dict[str, Any]) -> bool:
        token = self._settings.token
        return payload.get("token") in (token, f"Bot {token}")

    def _backlog(self, session: Session) -> int:
        if self.resume_backlog is not None:
            return self.resume_backlog
        return discords_backlog(session.guilds)

    async def _went_away(self, session: Session, *, ended: bool) -> None:
        """The session's socket is gone: the session is over, or waits for a resume."""
        connection = session.connection
        if connection is not None:
            connection.session = None
        session.connection = None
        session.gone_at = self._settings.clock.now()
        if ended:
            await self._end(session)
        else:
            await self._changed()

    async def _end(self, session: Session) -> None:
        if session in self._sessions:
            self._sessions.remove(session)
        await self._changed()

    def _expire(self) -> None:
        """Forgets the sessions whose window to resume has passed (on Discord's clock,
        which a test moves on)."""
        now = self._settings.clock.now()
        self._sessions = [
            s for s in self._sessions if s.gone_at is None or now - s.gone_at < self.resume_window
        ]

    async def _changed(self) -> None:
        async with self._sessions_changed:
            self._sessions_changed.notify_all()

    def _live(self) -> list[Session]:
        return [s for s in self._sessions if s.connection is not None]

    async def drop_connections(self, code: int | None = 4000) -> None:
        """Closes the socket of every live session, as Discord's servers do now and then:
        with ``code``, or with no close frame at all (a dropped connection) for ``None``.
        Unless Discord's table of close codes says that ``code`` cannot be resumed
        (``NOT_RESUMABLE``), each session waits for a resume, and what happens on its
        shard meanwhile is kept for it."""
        for session in self._live():
            connection = session.connection
            assert connection is not None
            await self._went_away(session, ended=code in NOT_RESUMABLE)
            if code is None:
                connection.cut()
            else:
                # Not awaited: the close handshake waits for the client's answer (up to
                # 10 s from a client that reads nothing), and the session has left the
                # socket already.
                task = asyncio.create_task(connection.ws.close(code=code))
                self._closing.add(task)
                task.add_done_callback(self._closing.discard)

    async def send_reconnect(self) -> None:
        """Sends Reconnect (op 7) to every live session, as Discord does before it moves a
        session elsewhere: the client closes the socket and resumes. From now on, the
        sessions' events are kept for that resume."""
        for session in self._live():
            connection = session.connection
            assert connection is not None
            await self._went_away(session, ended=False)
            with contextlib.suppress(ConnectionError):
                await connection.ws.send_json({"op": 7, "d": None})

    async def invalidate_sessions(self) -> None:
        """Invalidates every session, as Discord may at any time: op 9 with ``d: false`` to
        each live one, whose client must identify anew; what was kept for a resume is
        dropped."""
        ended, self._sessions = self._sessions, []
        for session in ended:
            connection = session.connection
            session.connection = None
            if connection is not None:
                connection.session = None
                with contextlib.suppress(ConnectionError):
                    await connection.ws.send_json({"op": 9, "d": False})
        await self._changed()

    async def wait_for_bot(self, timeout: float = 10) -> None:
        """Until a bot has a live session on the gateway (as any shard)."""
        await self._wait_for_sessions(lambda: self.connected, timeout)

    async def wait_for_resume(self, timeout: float = 10) -> None:
        """Until no session waits for a resume any longer, and one is live: after
        ``drop_connections`` or ``send_reconnect``, each session was resumed, or a new
        IDENTIFY of its shard, its window or its backlog ended it."""

        def back() -> bool:
            self._expire()
            return bool(self._sessions) and all(s.connection is not None for s in self._sessions)

        await self._wait_for_sessions(back, timeout)

    async def wait_for_shards(
        self, num_shards: int, shard_ids: Iterable[int] | None = None, *, timeout: float = 10
    ) -> None:
        """Until a live session has identified as each of ``shard_ids`` (every shard,
        without) of ``num_shards``: for a bot that runs its shards in several processes."""
        wanted = set(range(num_shards) if shard_ids is None else shard_ids)
        if num_shards < 1 or not wanted <= set(range(num_shards)):
            raise ValueError(f"shards {sorted(wanted)} are not all among {num_shards} shards")

        def identified() -> bool:
            return wanted <= {s.shard[0] for s in self._live() if s.shard[1] == num_shards}

        await self._wait_for_sessions(identified, timeout)

    async def _wait_for_sessions(self, condition: Callable[[], bool], timeout: float) -> None:
        async with self._sessions_changed:
            await asyncio.wait_for(self._sessions_changed.wait_for(condition), timeout)

    async def send_event(self, event: str, data: dict[str, Any]) -> None:
        """Sends a gateway event the emulator has no model of (a DM, say) where Discord
        would: to the sessions of the shard of ``data``'s ``guild_id``, or of shard 0
        without one. Like a member's command, it fails when the shard has no session."""
        guild_id = data.get("guild_id")
        await self.dispatch(event, data, None if guild_id is None else int(guild_id))

    def _receivers(self, guild_id: int | None, intent: int = 0) -> list[Session]:
        """The sessions of ``guild_id``'s shard that asked for ``intent``, live or
        waiting for a resume."""
        self._expire()
        return [s for s in self._sessions if s.receives(guild_id) and s.intents & intent == intent]

    async def _send(self, session: Session, event: str, data: dict[str, Any]) -> bool:
        """The event to the session, now or on its resume; whether it will get it (not if
        the session missed more than its backlog holds, which ends it)."""
        backlog = self._backlog(session)
        session.append(event, data, backlog)
        if session.connection is not None:
            await session.flush()
            return True
        if session.sequence - session.delivered > backlog:
            await self._end(session)
            return False
        return True

    async def dispatch_if_connected(
        self, event: str, data: dict[str, Any], guild_id: int | None, *, intent: int = 0
    ) -> None:
        """The event to the sessions of ``guild_id``'s shard (shard 0 for ``None``) that
        asked for ``intent``, if there are any (live, or waiting for a resume)."""
        for session in self._receivers(guild_id, intent):
            await self._send(session, event, data)

    async def dispatch_to_each(
        self,
        event: str,
        data_for: Callable[[int], dict[str, Any]],
        guild_id: int | None,
        *,
        intent: int,
    ) -> None:
        """Like ``dispatch_if_connected``, each session with what ``data_for`` gives for its
        intents (a message's content only to those that asked for it)."""
        for session in self._receivers(guild_id, intent):
            await self._send(session, event, data_for(session.intents))

    async def dispatch(self, event: str, data: dict[str, Any], guild_id: int | None) -> None:
        """The event to the sessions of ``guild_id``'s shard (shard 0 for ``None``), live or
        waiting for a resume; a RuntimeError if there is none, so that a test acting as a
        member learns that no bot will hear it."""
        where = "shard 0" if guild_id is None else f"the shard of guild {guild_id}"
        receivers = self._receivers(guild_id)
        if not receivers:
            raise RuntimeError(f"no bot is connected to the emulated gateway as {where}")
        heard = [await self._send(s, event, data) for s in receivers]
        if not any(heard):
            raise RuntimeError(
                f"no bot is connected to the emulated gateway as {where}: its session missed"
                " more events than Discord keeps for a resume, and was invalidated"
            )


class Connection:
    """One socket on the gateway: its heartbeats' ACKs, and the session it carries, if any."""

    def __init__(self, ws: web.WebSocketResponse, transport: asyncio.Transport | None) -> None:
        self.ws = ws
        self._transport = transport
        self.session: Session | None = None
        self.writing = asyncio.Lock()
        """Held while the session's events are written, so that two dispatches at once
        never swap their frames."""
        self._acks: set[asyncio.Task[None]] = set()

    def acknowledge_heartbeat(self, after: float) -> None:
        """Sends the ACK ``after`` seconds from now, while the gateway reads on."""
        task = asyncio.create_task(self._ack(after))
        self._acks.add(task)
        task.add_done_callback(self._acks.discard)

    async def _ack(self, after: float) -> None:
        await asyncio.sleep(after)
        # A client that went away meanwhile has nothing left to acknowledge.
        with contextlib.suppress(ConnectionResetError):
            await self.ws.send_json({"op": 11})

    def cut(self) -> None:
        """Drops the connection without a close frame, as a network failure does."""
        if self._transport is not None:
            self._transport.abort()

    def close(self) -> None:
        for task in self._acks:
            task.cancel()


class Session:
    """A session as Discord keeps it: its id, its shard, and its events by sequence number,
    which outlive the socket (``Connection``) that carries them."""

    def __init__(self, session_id: str, shard: tuple[int, int], intents: int, guilds: int) -> None:
        self.session_id = session_id
        self.shard = shard
        """``(shard_id, num_shards)``."""
        self.intents = intents
        self.guilds = guilds
        """How many guilds it had at READY, which Discord's backlog grows with."""
        self.sequence = 0
        """The last event's sequence number."""
        self.delivered = 0
        """The last sequence number written to a socket, or that the client said it had."""
        self.backlog: deque[str] = deque()
        """The latest events as sent, up to ``sequence``, without a gap."""
        self.connection: Connection | None = None
        self.gone_at: float | None = None
        """When its socket went away, on Discord's clock."""

    def receives(self, guild_id: int | None) -> bool:
        """Whether Discord sends this session the guild's events; ``None`` for events
        outside any guild, which only shard 0 gets."""
        if guild_id is None:
            return self.shard[0] == 0
        return _on_shard(guild_id, *self.shard)

    def attach(self, connection: Connection, seq: int) -> None:
        """On this socket from now on, whose client has had the events up to ``seq``."""
        self.connection = connection
        connection.session = self
        self.delivered = seq
        self.gone_at = None

    def append(self, event: str, data: dict[str, Any], keep: int) -> None:
        """The event, numbered, at the end of the backlog. The backlog keeps ``keep``
        events, and however many more have yet to be written: serialized now, an event
        replays as it was even if ``data`` changes afterwards."""
        self.sequence += 1
        self.backlog.append(json.dumps({"op": 0, "t": event, "s": self.sequence, "d": data}))
        while len(self.backlog) > keep and self.sequence - len(self.backlog) < self.delivered:
            self.backlog.popleft()

    async def flush(self) -> None:
        """Writes to the socket, in order, each event the client has not had. A socket
        going away keeps the rest for a resume."""
        connection = self.connection
        if connection is None:
            return
        async with connection.writing:
            while self.connection is connection and self.delivered < self.sequence:
                frame = self.backlog[self.delivered - self.sequence]
                try:
                    await connection.ws.send_str(frame)
                except ConnectionError:
                    return
                self.delivered += 1


def guild_create(world: World, guild: Guild, *, intents: int = 0) -> dict[str, Any]:
    """GUILD_CREATE's server, with its members the world knows, for a session with these
    ``intents``: who is in voice only with GUILD_VOICE_STATES. Discord's docs don't say
    whether ``voice_states`` comes without it; the emulator takes the intent to gate
    the voice states in GUILD_CREATE as it gates their updates, so that a bot counting
    on them without asking for it learns it here."""
    members = [world.users[u] for u in guild.member_permissions if u in world.users]
    voice = bool(intents & GUILD_VOICE_STATES_INTENT)
    return payloads.guild(guild, world.bot, members, voice=voice)


def _on_shard(guild_id: int, shard_id: int, shard_count: int) -> bool:
    return shard_of(guild_id, shard_count) == shard_id


def _shard(asked: object) -> tuple[int, int] | None:
    """IDENTIFY's ``[shard_id, num_shards]``, if it is a shard of a count."""
    # type() rather than isinstance(): JSON's true is no shard number.
    if not (isinstance(asked, list) and len(asked) == 2 and all(type(n) is int for n in asked)):
        return None
    shard_id, num_shards = asked
    return (shard_id, num_shards) if 0 <= shard_id < num_shards else None
