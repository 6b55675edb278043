"""The processes of one bot share Discord's global request limit through their database:
three "processes" here, each a pace and its grant on a database connection of its own,
on one PostgreSQL database, their paces on a clock the test moves. At every step no
process may make more requests in a second than the database grants it (but the few a
process without a grant makes), and the grants never add up to more than the budget:
while the budget moves from a busy process to others, from idle processes to a busy
one, and back from a process that died."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar, cast

import pytest

from bot.background.pace_keeper import PaceKeeper
from bot.discord_ui.global_pace import GlobalPace
from bot.service.pace_grants import (
    BUDGET,
    FLOOR,
    LEASE,
    TICK,
    TRUSTED,
    UNGRANTED,
    PaceGrants,
    shares,
)
from bot.storage import Database, pace_queries
from bot.storage.database import Body
from bot.storage.opening import open_database
from tests.clock import ManualClock
from tests.new_sqlite import new_sqlite
from tests.postgres_cluster import Cluster

T = TypeVar("T")


@dataclass
class Process:
    """A bot process as far as the global limit goes: its pace, its grant, and the
    requests it wants to make (each answered as soon as it goes)."""

    name: str
    database: Database
    clock: ManualClock
    pace: GlobalPace = field(init=False)
    grants: PaceGrants = field(init=False)
    asking: list[asyncio.Task[None]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.pace = GlobalPace(clock=self.clock)
        self.grants = PaceGrants(self.database, self.pace, holder=self.name, clock=self.clock)

    def ask(self, count: int) -> None:
        """``count`` more requests to make, as soon as the pace lets each go."""

        async def request() -> None:
            await self.pace.wait()
            self.pace.answered()

        self.asking += [asyncio.create_task(request()) for _ in range(count)]

    @property
    def sent(self) -> int:
        return sum(task.done() for task in self.asking)

    def calm(self) -> None:
        """Wants nothing more: what was still waiting is called off."""
        for task in self.asking:
            task.cancel()
        self.asking = [task for task in self.asking if task.done() and not task.cancelled()]


@dataclass
class Bot:
    processes: list[Process]
    clock: ManualClock
    watch: Database
    """The test's own connection, reading the grants."""

    async def granted(self) -> dict[str, int]:
        grants = await self.watch.read(pace_queries.live)
        return {grant.holder: grant.granted for grant in grants}

    async def check(self) -> None:
        """No live process can make more in a second than the database counts for it (a
        process without a grant: ``UNGRANTED``), and the grants fit the budget."""
        await settled()
        granted = await self.granted()
        assert sum(granted.values()) <= BUDGET, granted
        for process in self.processes:
            could = max(process.pace.occupied(), process.pace.limit)
            assert could <= max(granted.get(process.name, 0), UNGRANTED), (
                process.name,
                could,
                granted,
            )

    async def rounds(
        self,
        count: int,
        renewing: list[Process] | None = None,
        order: random.Random | None = None,
    ) -> None:
        """``count`` renewals of every process (or those ``renewing``), a ``TICK`` apart,
        checked after each renewal and each move of the clock; in a random order each
        round, given one."""
        for _ in range(count):
            ticking = list(renewing if renewing is not None else self.processes)
            if order is not None:
                order.shuffle(ticking)
            for process in ticking:
                await process.grants.tick()
                await self.check()
            self.clock.advance(TICK)
            await self.check()


async def settled() -> None:
    """Until the requests the clock or a pace woke have gone as far as they can: each
    passes the turn on to the next in a few of the loop's rounds."""
    for _ in range(400):
        await asyncio.sleep(0)


@pytest.fixture
async def bot(postgres: Cluster) -> AsyncIterator[Bot]:
    url = await postgres.made_database()
    clock = ManualClock()
    databases = [await open_database(url) for _ in range(4)]
    processes = [Process(name, db, clock) for name, db in zip("abc", databases, strict=False)]
    try:
        yield Bot(processes, clock, databases[-1])
    finally:
        for process in processes:
            process.calm()
        await asyncio.gather(*(db.close() for db in databases))


async def started(bot: Bot) -> None:
    for process in bot.processes:
        await process.grants.start()
        await bot.check()


def test_the_fair_shares_fill_the_budget_by_demand() -> None:
    assert shares({"a": 0}) == {"a": BUDGET}
    assert shares({"a": 0, "b": 0, "c": 0}) == {"a": 15, "b": 15, "c": 15}
    assert shares({"a": 200, "b": 0, "c": 1}) == {"a": BUDGET - 2 * FLOOR, "b": FLOOR, "c": FLOOR}
    assert shares({"a": 200, "b": 200, "c": 200}) == {"a": 15, "b": 15, "c": 15}
    # Asking for 8 with room to grow (10), the rest split what is left.
    assert shares({"a": 200, "b": 8, "c": 200}) == {"a": 17, "b": 10, "c": 18}
    # Nobody asks for all of it (20 and 5): what is left is split evenly.
    assert shares({"a": 16, "b": 4}) == {"a": 30, "b": 15}
    many = shares({str(n): 100 for n in range(30)})
    assert sum(many.values()) == BUDGET and min(many.values()) == 1


def test_every_split_adds_up_to_the_budget_and_gives_each_its_floor() -> None:
    rng = random.Random(7)
    for _ in range(500):
        demands = {str(n): rng.choice([0, 1, 5, 20, 80]) for n in range(rng.randint(1, 12))}
        given = shares(demands)
        assert sum(given.values()) == BUDGET
        assert min(given.values()) >= min(FLOOR, BUDGET // len(demands))
        assert given == shares(dict(reversed(demands.items())))


async def test_a_process_alone_holds_the_whole_budget(bot: Bot) -> None:
    alone = bot.processes[0]
    await alone.grants.start()
    assert alone.pace.limit == BUDGET and await bot.granted() == {"a": BUDGET}


async def test_a_process_on_a_file_of_its_own_holds_the_whole_budget_without_asking(
    tmp_path: Path,
) -> None:
    database = await open_database(await new_sqlite(tmp_path / "claimit.sqlite3"))
    try:
        process = Process("a", database, ManualClock())
        await process.grants.start()
        assert process.pace.limit == BUDGET and process.grants.alone
        assert await database.read(pace_queries.live) == []
    finally:
        await database.close()


async def test_an_idle_process_s_share_goes_to_a_busy_one(bot: Bot) -> None:
    await started(bot)
    await bot.rounds(2)
    assert await bot.granted() == {"a": 15, "b": 15, "c": 15}
    busy = bot.processes[0]
    busy.ask(1000)
    await bot.rounds(8)
    assert await bot.granted() == {"a": BUDGET - 2 * FLOOR, "b": FLOOR, "c": FLOOR}
    assert busy.pace.limit == BUDGET - 2 * FLOOR
    # And it makes them: a second holds all of its share.
    before = busy.sent
    bot.clock.advance(1.0)
    await settled()
    assert busy.sent - before == BUDGET - 2 * FLOOR


async def test_the_grants_never_add_up_to_more_than_the_budget_while_it_moves(bot: Bot) -> None:
    await started(bot)
    first, *others = bot.processes
    first.ask(5000)
    await bot.rounds(8)
    assert (await bot.granted())[first.name] == BUDGET - 2 * FLOOR
    # The others get busy: the budget moves from the first to them, renewal by renewal
    # in random orders, each step checked.
    for process in others:
        process.ask(5000)
    await bot.rounds(12, order=random.Random(3))
    assert await bot.granted() == {"a": 15, "b": 15, "c": 15}
    # Quiet again, one after another: the busy ones take what the quiet leave.
    others[0].calm()
    await bot.rounds(8, order=random.Random(4))
    assert await bot.granted() == {"a": 21, "b": FLOOR, "c": 21}
    first.calm()
    await bot.rounds(8, order=random.Random(5))
    assert await bot.granted() == {"a": FLOOR, "b": FLOOR, "c": BUDGET - 2 * FLOOR}


async def test_processes_raising_at_once_take_no_share_twice(bot: Bot) -> None:
    """Every process takes its first grant, then raises it, at the same moment as the
    others: each takes only what the others' committed grants leave."""
    await asyncio.gather(*(process.grants.start() for process in bot.processes))
    await bot.check()
    for process in bot.processes:
        process.ask(5000)
    for _ in range(10):
        await asyncio.gather(*(process.grants.tick() for process in bot.processes))
        await bot.check()
        bot.clock.advance(TICK)
        await bot.check()
    assert await bot.granted() == {"a": 15, "b": 15, "c": 15}


async def test_a_dead_process_s_share_comes_back_once_its_grant_expires(bot: Bot) -> None:
    await started(bot)
    for process in bot.processes:
        process.ask(5000)
    await bot.rounds(10)
    assert await bot.granted() == {"a": 15, "b": 15, "c": 15}
    *living, dead = bot.processes
    dead.calm()  # killed: it sends nothing more, and renews nothing
    bot.processes = living
    await bot.rounds(4)
    assert await bot.granted() == {"a": 15, "b": 15, "c": 15}, "its grant holds till it expires"
    await expired(bot.watch, dead.name)
    await bot.rounds(6)
    granted = await bot.granted()
    assert granted.keys() == {"a", "b"} and sorted(granted.values()) == [22, 23]


async def expired(database: Database, holder: str) -> None:
    """As if ``holder`` stopped renewing its grant ``LEASE`` ago."""
    await database.write(
        lambda connection: connection.execute(
            "UPDATE pace_grants SET expires_at = 0 WHERE holder = ?", (holder,)
        )
    )


async def test_a_process_stops_trusting_its_grant_before_it_may_expire(bot: Bot) -> None:
    process = bot.processes[0]
    await process.grants.start()
    assert process.pace.limit == BUDGET
    bot.clock.advance(TRUSTED - 0.01)
    assert process.pace.limit == BUDGET
    bot.clock.advance(0.01)
    assert process.pace.limit == UNGRANTED
    assert TRUSTED + 2.0 <= LEASE
    # Renewed, it trusts it again.
    await process.grants.tick()
    assert process.pace.limit == BUDGET


async def test_a_process_whose_grant_expired_takes_only_what_is_free(bot: Bot) -> None:
    await started(bot)
    first, second, third = bot.processes
    for process in bot.processes:
        process.ask(5000)
    await bot.rounds(10)
    # The first can't reach the database: it stops trusting its grant (and makes only
    # the ungranted few), then the grant expires and the others take its share.
    await bot.rounds(int(TRUSTED / TICK) + 2, [second, third])
    assert first.pace.limit == UNGRANTED
    await expired(bot.watch, first.name)
    await bot.rounds(6, [second, third])
    granted = await bot.granted()
    assert granted.keys() == {"b", "c"} and sorted(granted.values()) == [22, 23]
    await first.grants.tick()
    await bot.check()
    assert first.pace.limit == UNGRANTED and (await bot.granted())["a"] == 0
    await bot.rounds(8)
    assert await bot.granted() == {"a": 15, "b": 15, "c": 15}


async def test_a_stopping_process_hands_its_share_on_within_seconds(bot: Bot) -> None:
    await started(bot)
    stopping = bot.processes[0]
    await stopping.grants.release()
    left = await bot.watch.read(
        lambda connection: connection.fetch(
            f"SELECT expires_at - {connection.clock} AS left FROM pace_grants WHERE holder = 'a'"
        )
    )
    assert 0 < float(left[0]["left"]) <= 2.0


class Flaky:
    """A shared database that fails while ``down``, as PostgreSQL restarting does."""

    shared = True

    def __init__(self, database: Database) -> None:
        self.database = database
        self.down = False

    async def statement(self, body: Body[T]) -> T:
        if self.down:
            raise ConnectionRefusedError("the database is away")
        return await self.database.statement(body)

    async def write(self, body: Body[T]) -> T:
        if self.down:
            raise ConnectionRefusedError("the database is away")
        return await self.database.write(body)


async def test_a_database_away_leaves_the_grant_then_the_ungranted_pace_in_two_lines(
    bot: Bot, caplog: pytest.LogCaptureFixture
) -> None:
    flaky = Flaky(bot.processes[0].database)
    process = Process("a", cast(Database, flaky), bot.clock)
    bot.processes = [process]
    keeper = PaceKeeper(process.grants, bot.clock)
    await process.grants.start()
    assert process.pace.limit == BUDGET
    flaky.down = True
    trusted_until = bot.clock.now() + TRUSTED
    with caplog.at_level(logging.INFO, logger="bot.background.pace_keeper"):
        for _ in range(int(TRUSTED / TICK) + 4):
            await keeper.renew()
            expected = BUDGET if bot.clock.now() < trusted_until else UNGRANTED
            assert process.pace.limit == expected, "it sends still, at the ungranted pace"
            bot.clock.advance(TICK)
        flaky.down = False
        await keeper.renew()
    assert process.pace.limit == BUDGET
    lines = [record.getMessage() for record in caplog.records]
    assert len(lines) == 2, lines
    assert lines[0].startswith("sharing Discord's global request limit with the other")
    assert "keeps its 45 requests a second for at most 7 s, then makes 2" in lines[0]
    assert lines[1] == (
        "sharing Discord's global request limit again: this process holds 45 of its 45 "
        "requests a second"
    )
    assert not any(record.exc_info for record in caplog.records)
