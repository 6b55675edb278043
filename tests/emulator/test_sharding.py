"""The gateway is sharded as Discord's: a session hears only its shard's guilds, events
outside a guild reach shard 0 alone, and IDENTIFY is refused for an invalid shard or for
too many guilds on one."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
import pytest

from emulator import (
    DEFAULT_BOT_PERMISSIONS,
    Channel,
    DiscordEmulator,
    Guild,
    Interaction,
    User,
    shard_of,
)
from tests.emulator.gateway import Sockets, opened
from tests.emulator.rest import Place

GUILD_MEMBERS_INTENT = 1 << 1
GUILD_MESSAGES_INTENT = 1 << 9
THREADS = DEFAULT_BOT_PERMISSIONS | discord.Permissions(create_public_threads=True)
BASE = 6000
"""A multiple of 2, 3 and 4: the guild made k-th (id ``(BASE + k) << 22``) is on shard
k % n of n."""


@dataclass
class World:
    owner: User
    guilds: list[Guild]
    channels: list[Channel]

    def ids(self, ks: Iterable[int]) -> set[int]:
        return {self.guilds[k].id for k in ks}


@pytest.fixture
def world(emulator: DiscordEmulator) -> World:
    owner = emulator.add_user("Ann")
    guilds = [emulator.add_guild(f"G{k}", owner, id=(BASE + k) << 22) for k in range(6)]
    channels = [emulator.add_channel(g, "c", THREADS) for g in guilds]
    emulator.commands[None] = [{"id": "1", "name": "ping", "type": 1, "options": []}]
    return World(owner, guilds, channels)


@dataclass
class Session:
    """A raw gateway session, as one of a bot's shards opens it."""

    ws: aiohttp.ClientWebSocketResponse
    ready: dict[str, Any]
    created: set[int]
    """The guilds of the GUILD_CREATEs that followed READY."""

    async def event(self) -> tuple[str, dict[str, Any]]:
        frame = await self.ws.receive_json()
        return frame["t"], frame["d"]

    async def events(self, until: str) -> list[tuple[str, int | None]]:
        """Each event and its guild, up to the one whose id is ``until``: by then,
        whatever was sent on this socket before it has arrived."""
        seen: list[tuple[str, int | None]] = []
        while True:
            event, data = await self.event()
            guild_id = data.get("guild_id")
            seen.append((event, None if guild_id is None else int(guild_id)))
            if data.get("id") == until:
                return seen


class Gateway(Sockets):
    """Raw sessions on the emulator's gateway."""

    async def identify(
        self, shard: object = None, intents: int = 0
    ) -> aiohttp.ClientWebSocketResponse:
        """A socket past HELLO that has sent IDENTIFY, with ``shard`` unless it is None."""
        ws = await self.connect()
        hello = await ws.receive_json()
        assert hello["op"] == 10
        identify: dict[str, Any] = {"token": self.emulator.token, "intents": intents}
        if shard is not None:
            identify["shard"] = shard
        await ws.send_json({"op": 2, "d": identify})
        return ws

    async def session(self, shard: list[int] | None = None, intents: int = 0) -> Session:
        """A session once the emulator counts it as identified."""
        ws = await self.identify(shard, intents)
        ready = await ws.receive_json()
        assert ready["t"] == "READY"
        created = set()
        for _ in ready["d"]["guilds"]:
            frame = await ws.receive_json()
            assert frame["t"] == "GUILD_CREATE"
            created.add(int(frame["d"]["id"]))
        if shard is None:
            await self.emulator.wait_for_bot()
        else:
            await self.emulator.wait_for_shards(shard[1], [shard[0]])
        return Session(ws, ready["d"], created)

    async def shards(self, num_shards: int, intents: int = 0) -> list[Session]:
        return [await self.session([i, num_shards], intents) for i in range(num_shards)]


@pytest.fixture
async def gateway(emulator: DiscordEmulator) -> AsyncIterator[Gateway]:
    async with opened(Gateway, emulator) as gateway:
        yield gateway


async def closed_with(ws: aiohttp.ClientWebSocketResponse) -> tuple[int, str | None]:
    frame = await ws.receive()
    assert frame.type is aiohttp.WSMsgType.CLOSE, frame
    return frame.data, frame.extra


def test_discords_formula_puts_a_guild_on_its_shard() -> None:
    # serenity's documented example of the formula.
    assert shard_of(81384788765712384, 17) == 7
    assert [shard_of((BASE + k) << 22, 3) for k in range(6)] == [0, 1, 2, 0, 1, 2]


@pytest.mark.parametrize("num_shards", [2, 3])
async def test_each_shard_is_told_of_its_own_guilds_only(
    gateway: Gateway, world: World, num_shards: int
) -> None:
    for shard_id, session in enumerate(await gateway.shards(num_shards)):
        own = world.ids(range(shard_id, 6, num_shards))
        assert session.ready["shard"] == [shard_id, num_shards]
        assert {int(g["id"]) for g in session.ready["guilds"]} == own
        assert session.created == own


async def test_a_session_without_a_shard_gets_every_guild(gateway: Gateway, world: World) -> None:
    session = await gateway.session()
    assert "shard" not in session.ready
    assert {int(g["id"]) for g in session.ready["guilds"]} == world.ids(range(6))
    assert session.created == world.ids(range(6))


async def test_shard_0_of_1_is_the_same_as_no_shard(gateway: Gateway, world: World) -> None:
    session = await gateway.session([0, 1])
    assert session.ready["shard"] == [0, 1]
    assert session.created == world.ids(range(6))


async def test_every_event_about_a_guild_goes_to_its_shard_alone(
    emulator: DiscordEmulator, gateway: Gateway, world: World
) -> None:
    shards = await gateway.shards(2, intents=GUILD_MEMBERS_INTENT | GUILD_MESSAGES_INTENT)
    expected: list[list[tuple[str, int | None]]] = [[], []]
    for k in range(4):
        guild, channel = world.guilds[k], world.channels[k]
        place = Place(emulator, world.owner, channel)
        await emulator.slash(world.owner, channel, "ping")
        message = await place.post({"content": "hi"})
        status, _ = await place.call(
            "POST", f"/channels/{channel.id}/messages/{message.id}/threads", {"name": "t"}
        )
        assert status == 201
        await emulator.delete_channel(emulator.channels[message.id])
        await emulator.delete_message(message)
        member = emulator.add_user(f"M{k}")
        emulator.add_member(guild, member)
        await emulator.remove_member(guild, member)
        expected[k % 2] += [
            (event, guild.id)
            for event in (
                "INTERACTION_CREATE",
                "MESSAGE_CREATE",
                "THREAD_CREATE",
                "THREAD_DELETE",
                "MESSAGE_DELETE",
                "GUILD_MEMBER_REMOVE",
            )
        ]
    # One last event on each socket, after which anything sent there has arrived.
    last = [await emulator.slash(world.owner, world.channels[k], "ping") for k in range(2)]
    for shard_id, session in enumerate(shards):
        seen = await session.events(until=str(last[shard_id].id))
        assert seen == [*expected[shard_id], ("INTERACTION_CREATE", world.guilds[shard_id].id)]


async def test_events_outside_a_guild_reach_shard_0_alone(
    emulator: DiscordEmulator, gateway: Gateway, world: World
) -> None:
    shards = await gateway.shards(3)
    dm = {"id": "1", "channel_id": "2", "content": "hello", "author": {"id": "3"}}
    await emulator.send_event("MESSAGE_CREATE", dm)
    last = [await emulator.slash(world.owner, world.channels[k], "ping") for k in range(3)]
    seen = [await s.events(until=str(i.id)) for s, i in zip(shards, last, strict=True)]
    assert seen == [
        [("MESSAGE_CREATE", None), ("INTERACTION_CREATE", world.guilds[0].id)],
        [("INTERACTION_CREATE", world.guilds[1].id)],
        [("INTERACTION_CREATE", world.guilds[2].id)],
    ]


async def test_an_event_for_a_shard_without_a_session_is_refused(
    emulator: DiscordEmulator, gateway: Gateway, world: World
) -> None:
    await gateway.session([1, 2])
    with pytest.raises(RuntimeError, match="shard 0"):
        await emulator.send_event("MESSAGE_CREATE", {"id": "1", "channel_id": "2"})
    with pytest.raises(RuntimeError, match=f"guild {world.guilds[0].id}"):
        await emulator.slash(world.owner, world.channels[0], "ping")
    delivered = await emulator.slash(world.owner, world.channels[1], "ping")
    assert delivered.channel is world.channels[1]


async def test_a_members_command_with_no_bot_at_all_is_refused(
    emulator: DiscordEmulator, world: World
) -> None:
    with pytest.raises(RuntimeError, match="no bot is connected"):
        await emulator.slash(world.owner, world.channels[0], "ping")


@pytest.mark.parametrize(
    "shard",
    [[2, 2], [-1, 2], [0, 0], [0, -1], [0], [0, 1, 2], [0.0, 1], ["0", "1"], [True, 2], "0,1", {}],
)
async def test_an_invalid_shard_is_closed_with_4010(
    emulator: DiscordEmulator, gateway: Gateway, world: World, shard: object
) -> None:
    ws = await gateway.identify(shard)
    assert await closed_with(ws) == (4010, "Invalid shard")


async def test_a_shard_over_the_guild_limit_is_closed_with_4011(
    emulator: DiscordEmulator, gateway: Gateway, world: World
) -> None:
    emulator.max_guilds_per_shard = 2
    for shard in (None, [0, 2], [1, 2]):
        ws = await gateway.identify(shard)
        assert await closed_with(ws) == (4011, "Sharding required")
    session = await gateway.session([2, 3])
    assert session.created == world.ids([2, 5])


async def test_a_second_identify_on_a_session_is_closed_with_4005(
    emulator: DiscordEmulator, gateway: Gateway, world: World
) -> None:
    session = await gateway.session([0, 2])
    await session.ws.send_json({"op": 2, "d": {"token": emulator.token, "shard": [1, 2]}})
    assert await closed_with(session.ws) == (4005, "Already authenticated.")


async def gateway_bot(emulator: DiscordEmulator) -> dict[str, Any]:
    headers = {"Authorization": f"Bot {emulator.token}"}
    async with (
        aiohttp.ClientSession() as http,
        http.get(f"{emulator.api_url}/gateway/bot", headers=headers) as response,
    ):
        assert response.status == 200
        body: dict[str, Any] = await response.json()
        return body


async def test_gateway_bot_recommends_a_shard_per_thousand_guilds(
    emulator: DiscordEmulator,
) -> None:
    assert (await gateway_bot(emulator))["shards"] == 1
    owner = emulator.add_user("Ann")
    for _ in range(1000):
        emulator.add_guild("G", owner)
    assert (await gateway_bot(emulator))["shards"] == 1
    emulator.add_guild("G", owner)
    answer = await gateway_bot(emulator)
    assert answer["shards"] == 2
    assert answer["url"] == emulator.gateway_url
    emulator.max_guilds_per_shard = 100
    assert (await gateway_bot(emulator))["shards"] == 11


async def test_gateway_bot_tells_the_session_start_limit(emulator: DiscordEmulator) -> None:
    assert emulator.max_guilds_per_shard == 2500
    limit = (await gateway_bot(emulator))["session_start_limit"]
    assert limit["max_concurrency"] == 1
    emulator.max_concurrency = 16
    assert (await gateway_bot(emulator))["session_start_limit"]["max_concurrency"] == 16
    limits = DiscordEmulator(max_guilds_per_shard=10, max_concurrency=4)
    assert (limits.max_guilds_per_shard, limits.max_concurrency) == (10, 4)


async def test_the_unauthenticated_gateway_route_gives_the_address_alone(
    emulator: DiscordEmulator,
) -> None:
    async with (
        aiohttp.ClientSession() as http,
        http.get(f"{emulator.api_url}/gateway") as response,
    ):
        assert await response.json() == {"url": emulator.gateway_url}


async def test_waiting_for_shards_knows_them_by_their_count(
    emulator: DiscordEmulator, gateway: Gateway, world: World
) -> None:
    waiting = asyncio.create_task(emulator.wait_for_shards(2))
    await gateway.session([0, 2])
    await gateway.session([1, 3])
    assert not waiting.done()
    await gateway.session([1, 2])
    await waiting
    with pytest.raises(ValueError, match="among 2 shards"):
        await emulator.wait_for_shards(2, [2])


class Shards(discord.AutoShardedClient):
    """One process of a bot, with some of its shards; what reaches it is noted."""

    def __init__(self, shard_count: int | None = None, shard_ids: list[int] | None = None) -> None:
        """Without a shard count, all the shards ``GET /gateway/bot`` recommends."""
        intents = discord.Intents(guilds=True)
        if shard_ids is None:
            super().__init__(intents=intents, shard_count=shard_count, guild_ready_timeout=0.01)
        else:
            super().__init__(
                intents=intents,
                shard_count=shard_count,
                shard_ids=shard_ids,
                guild_ready_timeout=0.01,
            )
        self.interactions: asyncio.Queue[discord.Interaction] = asyncio.Queue()
        self._running: asyncio.Task[None] | None = None

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """At once: discord.py waits 5 s between its shards for Discord's identify rate
        limit, which the emulator does not hold to."""

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await self.interactions.put(interaction)

    async def start_on(self, emulator: DiscordEmulator) -> None:
        await self.login(emulator.token)
        self._running = asyncio.create_task(self.connect())
        await self.wait_until_ready()

    async def stop(self) -> None:
        await self.close()
        if self._running is not None:
            await self._running

    async def guilds_of(self, interactions: list[Interaction]) -> list[int]:
        """The guilds of the interactions that reached this process, up to all of these."""
        awaited = {str(i.id) for i in interactions}
        guilds = []
        while awaited:
            interaction = await self.interactions.get()
            awaited.discard(str(interaction.id))
            assert interaction.guild_id is not None
            guilds.append(interaction.guild_id)
        return guilds


@pytest.fixture
async def processes() -> AsyncIterator[list[Shards]]:
    started: list[Shards] = []
    yield started
    for process in started:
        await process.stop()


async def test_discord_py_with_shard_1_of_2_sees_that_shards_guilds(
    emulator: DiscordEmulator, world: World, processes: list[Shards]
) -> None:
    client = Shards(2, [1])
    processes.append(client)
    await client.start_on(emulator)
    await emulator.wait_for_shards(2, [1])
    assert {g.id for g in client.guilds} == world.ids([1, 3, 5])
    assert {g.shard_id for g in client.guilds} == {1}


async def test_processes_of_two_shards_each_hear_their_own_guilds(
    emulator: DiscordEmulator, world: World, processes: list[Shards]
) -> None:
    first, second = Shards(4, [0, 1]), Shards(4, [2, 3])
    processes += [first, second]
    await first.start_on(emulator)
    await emulator.wait_for_shards(4, [0, 1])
    await second.start_on(emulator)
    await emulator.wait_for_shards(4)
    assert {g.id for g in first.guilds} == world.ids([0, 1, 4, 5])
    assert {g.id for g in second.guilds} == world.ids([2, 3])
    sent = [await emulator.slash(world.owner, c, "ping") for c in world.channels]
    # One more on each shard's socket, after which anything sent there has arrived.
    last = [await emulator.slash(world.owner, world.channels[k], "ping") for k in range(4)]
    heard_first = await first.guilds_of([*sent[:2], *sent[4:], *last[:2]])
    heard_second = await second.guilds_of([*sent[2:4], *last[2:]])
    assert sorted(heard_first) == sorted([g.id for g in world.guilds[:2] * 2 + world.guilds[4:]])
    assert sorted(heard_second) == sorted([g.id for g in world.guilds[2:4] * 2])


async def test_discord_py_takes_the_recommended_shard_count(
    emulator: DiscordEmulator, world: World, processes: list[Shards]
) -> None:
    emulator.max_guilds_per_shard = 2
    client = Shards()
    processes.append(client)
    await client.start_on(emulator)
    await emulator.wait_for_shards(3)
    assert client.shard_count == 3
    assert {g.id for g in client.guilds} == world.ids(range(6))
    assert {g.id: g.shard_id for g in client.guilds} == {
        g.id: k % 3 for k, g in enumerate(world.guilds)
    }
