"""One bot in three processes, one of Discord's three shards each, on one PostgreSQL
database and one emulated Discord that holds the bot's token to Discord's own global
limit: 50 requests in a second over every connection, the interaction endpoints aside.

Each process has more games than its share of the limit keeps up with: in every server
a player opens games of Gold Nuggets against computer players, then goes away with a
computer player standing in, so that every game plays itself as fast as its table is
shown. No
second of the emulator's log (every second, sliding, not only its fixed windows) holds
more than 50 of the bot's requests, none is answered 429, and together the processes
use most of the budget: a split too timid fails as surely as one too bold.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
from collections.abc import AsyncIterator
from dataclasses import dataclass, field, replace

import pytest

from bench.discord_requests import peak
from bot.service.pace_grants import BUDGET
from bot.storage import Database, pace_queries
from bot.storage.opening import open_database
from emulator import DISCORD_RATE_LIMITS, DiscordEmulator, Guild, User, shard_of
from emulator.rate_limits import RATE_LIMITED
from tests.e2e.running_bot import BotProcess, bot_environment
from tests.postgres_cluster import Cluster
from tests.quick_limits import QUICK_LIMITS

pytestmark = pytest.mark.long(seconds=45)

SHARDS = 3
GAMES = 16
"""Games in each server: their tables, each shown before its next move, would take
more than a third of the budget."""
OPENING = 2
"""Games opened at once in each server."""
LIMITS = replace(QUICK_LIMITS, global_requests=DISCORD_RATE_LIMITS.global_requests)
"""The suite's quick windows for every route's bucket, but Discord's own global limit:
50 in a second."""
LIMIT = LIMITS.global_requests.limit
BUSY = 12
"""Readings of the grants (four a second) at which the processes together asked for the
whole budget: the second before each counts."""
HANDED_OUT = 0.9
"""The least share of ``BUDGET`` the processes hold together, on average, while they ask
for all of it (some of it may be on its way from one to another)."""
USED = 0.8
"""The least share of ``BUDGET`` the busiest second holds."""


@dataclass
class Server:
    guild: Guild
    owner: User

    @property
    def shard(self) -> int:
        return shard_of(self.guild.id, SHARDS)


@dataclass(frozen=True)
class Seen:
    """The live grants as the test's own connection read them, and when."""

    at: float
    grants: dict[str, pace_queries.Grant]

    @property
    def asking_for_the_budget(self) -> bool:
        """Whether the processes together asked for the whole budget or more."""
        return sum(grant.demand for grant in self.grants.values()) >= BUDGET


@dataclass
class Bot:
    emulator: DiscordEmulator
    servers: list[Server]
    database: Database
    """The test's own view of the shared database."""
    seen: list[Seen] = field(default_factory=list)
    """The live grants, read every quarter second."""

    def sent(self) -> list[float]:
        """When each of the bot's requests that Discord's global limit counts reached
        Discord (those it refused too), on the emulator's clock."""
        token = f"Bot {self.emulator.token}"
        return [r.at for r in self.emulator.requests if r.sender == token and r.global_limit]

    async def watch_grants(self, enough: asyncio.Event) -> None:
        """Reads the grants every quarter second, until ``enough`` is seen: each process
        asking for more than its share, and ``BUSY`` readings of them asking for the
        whole budget together (or, sooner, a second past the limit)."""
        while True:
            grants = await self.database.read(pace_queries.live)
            at = self.emulator.clock.now()
            self.seen.append(Seen(at, {grant.holder: grant for grant in grants}))
            if (self.each_asked_more() and len(self.busy()) >= BUSY) or self.over_the_limit():
                enough.set()
            await asyncio.sleep(0.25)

    def over_the_limit(self) -> bool:
        """Whether the second up to the bot's newest request held more than the limit, or
        Discord refused any for its rate."""
        sent = self.sent()
        return self.emulator.rate_limited > 0 or (
            len(sent) > LIMIT and sent[-1] - sent[-LIMIT - 1] < 1.0
        )

    def busy(self) -> list[Seen]:
        """The readings at which the processes together asked for the whole budget."""
        return [seen for seen in self.seen if seen.asking_for_the_budget]

    def each_asked_more(self) -> bool:
        """Whether each process asked for more than an even share at some reading."""
        most = self.most_asked()
        return len(most) == SHARDS and min(most.values()) > BUDGET / SHARDS

    def most_asked(self) -> dict[str, int]:
        """The most each process asked for at any reading."""
        most: dict[str, int] = {}
        for seen in self.seen:
            for holder, grant in seen.grants.items():
                most[holder] = max(most.get(holder, 0), grant.demand)
        return most


@pytest.fixture
async def bot(postgres: Cluster) -> AsyncIterator[Bot]:
    url = await postgres.made_database()
    emulator = DiscordEmulator(max_concurrency=SHARDS, rate_limits=LIMITS)
    await emulator.start()
    servers = []
    for n in range(SHARDS):
        owner = emulator.add_user(f"Host {n}")
        # An id with the shard in the bits Discord takes it from: a server per shard.
        guild = emulator.add_guild(f"Server {n}", owner, id=((2048 + n) << 22) | 5)
        servers.append(Server(guild, owner))
    assert sorted(server.shard for server in servers) == list(range(SHARDS))
    processes = [
        BotProcess(
            bot_environment(
                emulator, url, CLAIMIT_SHARD_COUNT=str(SHARDS), CLAIMIT_SHARDS=str(shard)
            )
        )
        for shard in range(SHARDS)
    ]
    database = await open_database(url)
    try:
        # Each start ends (started or failed) before the teardown looks at what runs.
        failed = [
            outcome
            for outcome in await asyncio.gather(
                *(p.start() for p in processes), return_exceptions=True
            )
            if isinstance(outcome, BaseException)
        ]
        if failed:
            raise failed[0]
        await emulator.wait_for_shards(SHARDS)
        yield Bot(emulator, servers, database)
    finally:
        await asyncio.gather(*(p.stop() for p in processes if p.running), return_exceptions=True)
        await database.close()
        await emulator.close()


async def games_playing_themselves(bot: Bot, server: Server) -> None:
    """``GAMES`` games in the server, its owner's against four computer players each,
    then its owner away: a computer player stands in for them, and every game plays
    itself."""
    emulator, owner = bot.emulator, server.owner
    somewhere = emulator.add_channel(server.guild, "settings")
    await emulator.answer(
        await emulator.slash(owner, somewhere, "server settings", away="stand_in")
    )

    # A few at a time, as a busy server's players open them: all at once, on a loaded
    # machine, some would miss Discord's 3 s to answer.
    opening = asyncio.Semaphore(OPENING)

    async def opened(n: int) -> None:
        channel = emulator.add_channel(server.guild, f"table-{n}")
        async with opening:
            lobby = await emulator.answer(
                await emulator.slash(owner, channel, "nuggets new", bots=4, bot_level="easy")
            )
            assert lobby.response_message is not None
            await emulator.answer(await emulator.click(owner, lobby.response_message, "Start"))

    await asyncio.gather(*(opened(n) for n in range(GAMES)))
    tomorrow = dt.datetime.fromtimestamp(emulator.clock.now(), dt.UTC).date() + dt.timedelta(1)
    away = await emulator.slash(owner, somewhere, "my away", until=tomorrow.isoformat())
    await emulator.answer(away)


async def test_the_processes_share_discords_global_limit_and_use_most_of_it(bot: Bot) -> None:
    enough = asyncio.Event()
    watching = asyncio.create_task(bot.watch_grants(enough))
    try:
        await asyncio.gather(*(games_playing_themselves(bot, s) for s in bot.servers))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(enough.wait(), 60)
    finally:
        watching.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await watching
    sent = bot.sent()
    # Every second, sliding: not one holds more than Discord's 50, nothing was refused.
    busiest = peak(sent, 1.0)
    assert busiest <= LIMIT
    assert bot.emulator.rate_limited == 0
    assert not [r for r in bot.emulator.requests if r.status == RATE_LIMITED]
    # Each process asked for more than an even share (alone, it would have used more);
    # the grants never added up to more than the budget.
    assert bot.each_asked_more(), bot.most_asked()
    assert all(sum(g.granted for g in seen.grants.values()) <= BUDGET for seen in bot.seen)
    # While they asked for all of it, the budget was handed out, and used: no second
    # holds more than the grants then (and the ungranted few), so a split too timid
    # would show in the busiest one. (How many go in each second also depends on how
    # long the emulator, loaded, takes to answer: a request counts until a second after
    # its answer.)
    assert len(bot.busy()) >= BUSY, "the processes never asked for the whole budget"
    handed_out = [sum(g.granted for g in seen.grants.values()) for seen in bot.busy()]
    assert sum(handed_out) / len(handed_out) >= HANDED_OUT * BUDGET, handed_out
    assert busiest >= USED * BUDGET
