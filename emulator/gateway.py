"""The gateway: the bot's WebSocket sessions, and the events sent down them.

It is sharded as Discord's is: a session that identifies as shard ``[shard_id,
num_shards]`` gets only the events of the guilds ``shard_of`` puts on its shard, and
events outside any guild (DMs) go to shard 0 alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable, Iterable
from typing import Any

from aiohttp import web

from emulator import payloads
from emulator.model import new_token, shard_of
from emulator.settings import Settings
from emulator.world import World

GUILD_MEMBERS_INTENT = 1 << 1
GUILD_MESSAGES_INTENT = 1 << 9
"""MESSAGE_CREATE and MESSAGE_DELETE in a server's channels and threads."""
MESSAGE_CONTENT_INTENT = 1 << 15
"""Privileged: the content of others' messages in those events (``message_events``)."""


class Gateway:
    def __init__(self, settings: Settings, world: World) -> None:
        self._settings = settings
        self._world = world
        self._sessions: list[Session] = []
        self._sessions_changed = asyncio.Condition()

    @property
    def connected(self) -> bool:
        """Whether a bot has a session on the gateway (as any shard)."""
        return bool(self._sessions)

    async def connect(self, request: web.Request) -> web.WebSocketResponse:
        """A session, from the hello to the socket's close."""
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        session = Session(ws)
        interval_ms = round(self._settings.heartbeat_interval * 1000)
        await ws.send_json({"op": 10, "d": {"heartbeat_interval": interval_ms}})
        try:
            async for frame in ws:
                if frame.type is not web.WSMsgType.TEXT:
                    continue
                event = json.loads(frame.data)
                op = event.get("op")
                if op == 1:
                    session.acknowledge_heartbeat(self._settings.heartbeat_round_trip)
                elif op == 2:
                    if not await self._identify(session, event["d"]):
                        break
                elif op == 6:
                    await ws.send_json({"op": 9, "d": False})
        finally:
            session.close()
            if session in self._sessions:
                self._sessions.remove(session)
        return ws

    async def close(self) -> None:
        for session in list(self._sessions):
            await session.ws.close()

    async def _identify(self, session: Session, identify: dict[str, Any]) -> bool:
        """READY and the shard's guilds, or the socket closed as Discord closes it;
        whether the session is on."""
        token = self._settings.token
        if identify.get("token") not in (token, f"Bot {token}"):
            await session.ws.close(code=4004, message=b"Authentication failed.")
            return False
        if session in self._sessions:
            await session.ws.close(code=4005, message=b"Already authenticated.")
            return False
        asked = identify.get("shard")
        shard = (0, 1) if asked is None else _shard(asked)
        if shard is None:
            await session.ws.close(code=4010, message=b"Invalid shard")
            return False
        session.shard_id, session.shard_count = shard
        world = self._world
        guilds = [g for g in world.guilds.values() if session.receives(g.id)]
        if len(guilds) > self._settings.max_guilds_per_shard:
            await session.ws.close(code=4011, message=b"Sharding required")
            return False
        session.intents = int(identify.get("intents") or 0)
        ready: dict[str, Any] = {
            "v": 10,
            "user": payloads.user(world.bot),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": new_token(),
            "resume_gateway_url": self._settings.gateway_url,
            "application": {"id": str(world.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
        }
        # Discord names the shard in READY only to a session that identified with one.
        if asked is not None:
            ready["shard"] = list(shard)
        await session.send("READY", ready)
        now = time.time()
        for guild in guilds:
            members = [world.users[u] for u in guild.member_permissions if u in world.users]
            await session.send("GUILD_CREATE", payloads.guild(guild, world.bot, members, now))
        self._sessions.append(session)
        async with self._sessions_changed:
            self._sessions_changed.notify_all()
        return True

    async def wait_for_bot(self, timeout: float = 10) -> None:
        """Until a bot has identified on the gateway (as any shard)."""
        await self._wait_for_sessions(lambda: bool(self._sessions), timeout)

    async def wait_for_shards(
        self, num_shards: int, shard_ids: Iterable[int] | None = None, *, timeout: float = 10
    ) -> None:
        """Until a session has identified as each of ``shard_ids`` (every shard, without)
        of ``num_shards``: for a bot that runs its shards in several processes."""
        wanted = set(range(num_shards) if shard_ids is None else shard_ids)
        if num_shards < 1 or not wanted <= set(range(num_shards)):
            raise ValueError(f"shards {sorted(wanted)} are not all among {num_shards} shards")

        def identified() -> bool:
            return wanted <= {s.shard_id for s in self._sessions if s.shard_count == num_shards}

        await self._wait_for_sessions(identified, timeout)

    async def _wait_for_sessions(self, condition: Callable[[], bool], timeout: float) -> None:
        async with self._sessions_changed:
            await asyncio.wait_for(self._sessions_changed.wait_for(condition), timeout)

    async def send_event(self, event: str, data: dict[str, Any]) -> None:
        """Sends a gateway event the emulator has no model of (a DM, say) where Discord
        would: to the sessions of the shard of ``data``'s ``guild_id``, or of shard 0
        without one. Like a member's command, it fails when no such session is connected."""
        guild_id = data.get("guild_id")
        await self.dispatch(event, data, None if guild_id is None else int(guild_id))

    def _receivers(self, guild_id: int | None, intent: int = 0) -> list[Session]:
        return [s for s in self._sessions if s.receives(guild_id) and s.intents & intent == intent]

    async def dispatch_if_connected(
        self, event: str, data: dict[str, Any], guild_id: int | None, *, intent: int = 0
    ) -> None:
        """The event to the sessions of ``guild_id``'s shard (shard 0 for ``None``) that
        asked for ``intent``, if any is connected."""
        for session in self._receivers(guild_id, intent):
            await session.send(event, data)

    async def dispatch_to_each(
        self,
        event: str,
        data_for: Callable[[int], dict[str, Any]],
        guild_id: int | None,
        *,
        intent: int,
    ) -> None:
        """Like ``dispatch_if_connected``, each session with what ``data_for`` gives for its
        intents (a message's content only to those that asked for it). A session that goes
        away meanwhile misses the event, as on Discord, rather than failing what caused it
        (the bot's own request)."""
        for session in self._receivers(guild_id, intent):
            with contextlib.suppress(ConnectionError):
                await session.send(event, data_for(session.intents))

    async def dispatch(self, event: str, data: dict[str, Any], guild_id: int | None) -> None:
        """The event to the sessions of ``guild_id``'s shard (shard 0 for ``None``); a
        RuntimeError if none is connected, so that a test acting as a member learns that
        no bot heard it."""
        receivers = self._receivers(guild_id)
        if not receivers:
            where = "shard 0" if guild_id is None else f"the shard of guild {guild_id}"
            raise RuntimeError(f"no bot is connected to the emulated gateway as {where}")
        for session in receivers:
            await session.send(event, data)


class Session:
    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.sequence = 0
        self.intents = 0
        self.shard_id = 0
        self.shard_count = 1
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

    def receives(self, guild_id: int | None) -> bool:
        """Whether Discord sends this session the guild's events; ``None`` for events
        outside any guild, which only shard 0 gets."""
        return (0 if guild_id is None else shard_of(guild_id, self.shard_count)) == self.shard_id

    def close(self) -> None:
        for task in self._acks:
            task.cancel()

    async def send(self, event: str, data: dict[str, Any]) -> None:
        self.sequence += 1
        await self.ws.send_json({"op": 0, "t": event, "s": self.sequence, "d": data})


def _shard(asked: object) -> tuple[int, int] | None:
    """IDENTIFY's ``[shard_id, num_shards]``, if it is a shard of a count."""
    # type() rather than isinstance(): JSON's true is no shard number.
    if not (isinstance(asked, list) and len(asked) == 2 and all(type(n) is int for n in asked)):
        return None
    shard_id, num_shards = asked
    return (shard_id, num_shards) if 0 <= shard_id < num_shards else None
