"""What the tests of places (threads, channels gone, permissions, DMs) share: a discord.py
client that notes every event it is sent, and a thread started as the bot starts one."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

import discord

from emulator import DEFAULT_BOT_PERMISSIONS, Channel, Message
from tests.emulator.rest import Place

THREADS = DEFAULT_BOT_PERMISSIONS | discord.Permissions(
    create_public_threads=True, send_messages_in_threads=True
)
GUILDS = discord.Intents(guilds=True, guild_messages=True)
"""A server's events and its messages': what threads and channels send."""
WAIT = 10.0
Event = tuple[str, dict[str, Any]]
Route = tuple[str, str, dict[str, Any] | None]
"""A request: its method, its path under /api/v10 and its body."""
MISSING_ACCESS = (403, {"code": 50001, "message": "Missing Access"})


class Listener(discord.Client):
    """A bot that keeps each event it is sent, in order, as the gateway sent it."""

    def __init__(self, intents: discord.Intents) -> None:
        super().__init__(intents=intents, guild_ready_timeout=0.01, enable_debug_events=True)
        self.events: asyncio.Queue[Event] = asyncio.Queue()
        self.threads_deleted: list[int] = []
        """The threads discord.py fired ``thread_delete`` for."""
        self.interactions: asyncio.Queue[discord.Interaction] = asyncio.Queue()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await self.interactions.put(interaction)

    async def on_thread_delete(self, thread: discord.Thread) -> None:
        self.threads_deleted.append(thread.id)

    async def on_socket_raw_receive(self, raw: str) -> None:
        frame = json.loads(raw)
        if frame.get("op") == 0:
            await self.events.put((frame["t"], frame["d"]))

    async def next(self, *names: str) -> Event:
        """The next event named one of ``names``, those before it passed over."""
        while True:
            event = await asyncio.wait_for(self.events.get(), WAIT)
            if event[0] in names:
                return event

    def seen(self) -> list[Event]:
        """The events that arrived and were not taken yet, all of them."""
        taken = []
        while not self.events.empty():
            taken.append(self.events.get_nowait())
        return taken


@contextlib.asynccontextmanager
async def listening(place: Place, intents: discord.Intents) -> AsyncIterator[Listener]:
    """A connected bot with these intents, its GUILD_CREATEs and READY already taken."""
    client = Listener(intents)
    await client.login(place.emulator.token)
    task = asyncio.create_task(client.connect())
    try:
        await client.wait_until_ready()
        client.seen()
        yield client
    finally:
        await client.close()
        await task


async def start_thread(
    place: Place, channel: Channel | None = None, **body: Any
) -> tuple[Message, Channel]:
    """The bot's message in the channel (the place's) and the thread it starts from it."""
    parent = channel or place.channel
    status, sent = await place.call("POST", f"/channels/{parent.id}/messages", {"content": "go"})
    assert status == 200, sent
    path = f"/channels/{parent.id}/messages/{sent['id']}/threads"
    status, thread = await place.call("POST", path, {"name": "game", **body})
    assert status == 201, thread
    return place.emulator.messages[int(sent["id"])], place.emulator.channels[int(thread["id"])]


async def post(place: Place, channel: Channel, content: str = "hi") -> tuple[int, dict[str, Any]]:
    return await place.call("POST", f"/channels/{channel.id}/messages", {"content": content})


@contextlib.asynccontextmanager
async def thread_heard(place: Place) -> AsyncIterator[tuple[Listener, Message, Channel]]:
    """A bot listening (``GUILDS``), and a thread started from the bot's message in the
    place's channel, once the bot has had its THREAD_CREATE."""
    async with listening(place, GUILDS) as client:
        starter, thread = await start_thread(place)
        await client.next("THREAD_CREATE")
        yield client, starter, thread


def message_routes(message: Message) -> list[Route]:
    """What a bot asks of a message's channel and of the message: the channel read, a
    message posted, the history read, and ``message`` read, edited and deleted."""
    base = f"/channels/{message.channel_id}"
    return [
        ("GET", base, None),
        ("POST", f"{base}/messages", {"content": "hi"}),
        ("GET", f"{base}/messages", None),
        ("GET", f"{base}/messages/{message.id}", None),
        ("PATCH", f"{base}/messages/{message.id}", {"content": "edited"}),
        ("DELETE", f"{base}/messages/{message.id}", None),
    ]


def thread_route(message: Message) -> Route:
    """A thread started from ``message``."""
    path = f"/channels/{message.channel_id}/messages/{message.id}/threads"
    return ("POST", path, {"name": "t"})


async def all_missing_access(place: Place, routes: list[Route]) -> None:
    """Each of ``routes`` asked by the bot is refused 50001 Missing Access."""
    for method, path, body in routes:
        assert await place.call(method, path, body) == MISSING_ACCESS, (method, path)
