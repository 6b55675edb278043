"""Shard leases between processes: each holds its own shards, stands in for those
nobody renews, hands them back, and refuses a shard count the others don't share; and
a process that takes a lease, or starts again, tells the others to show their games
that are behind."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.service.shard_leases import ShardCountMismatch, ShardLeases
from bot.storage import Database, lease_queries
from bot.storage.opening import open_database
from bot.storage.shards import shard_of
from tests.postgres_cluster import Cluster

LEASE = 20.0


class Monotonic:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def process(
    database: Database, own: range, name: str, clock: Monotonic | None = None, count: int = 4
) -> ShardLeases:
    return ShardLeases(
        database,
        count=count,
        own=frozenset(own),
        lease=LEASE,
        holder=name,
        monotonic=clock or Monotonic(),
    )


async def died(database: Database, holder: str) -> None:
    """As if ``holder`` stopped renewing a lease ago."""
    await database.write(
        lambda connection: connection.execute(
            "UPDATE shard_leases SET expires_at = 0 WHERE holder = ?", (holder,)
        )
    )


async def test_each_process_holds_its_own_shards(database: Database) -> None:
    first, second = process(database, range(2), "a"), process(database, range(2, 4), "b")
    await first.start()
    await second.start()
    await first.renew()
    assert first.shards.ids == {0, 1} and second.shards.ids == {2, 3}
    guild = (6 << 22) | 5
    assert shard_of(guild, 4) == 2
    assert second.holds(guild) and not first.holds(guild)


async def test_a_dead_process_s_shards_are_stood_in_for_and_handed_back(
    database: Database,
) -> None:
    first, second = process(database, range(2), "a"), process(database, range(2, 4), "b")
    await first.start()
    await second.start()
    await died(database, "a")
    change = await second.renew()
    assert change.gained == {0, 1} and not change.lost
    assert second.shards.ids == {0, 1, 2, 3}
    back = process(database, range(2), "a again")
    assert (await back.start()).gained == {0, 1}
    change = await second.renew()
    assert change.lost == {0, 1} and second.shards.ids == {2, 3}


async def test_a_live_process_s_shards_are_left_alone(database: Database) -> None:
    first, second = process(database, range(2), "a"), process(database, range(2, 4), "b")
    await first.start()
    await second.start()
    assert not (await second.renew()).gained
    twin = process(database, range(2), "a twin")
    await twin.start()
    if database.shared:
        # A second process started for the same shards waits for the lease to end.
        await first.renew()
        assert twin.shards.ids == set()
        assert first.shards.ids == {0, 1}
    else:
        # A file is never shared: whoever held its shards was a run of the bot that was
        # killed, and the new one takes them at once.
        assert twin.shards.ids == {0, 1}


async def test_a_process_that_cannot_renew_stops_before_its_lease_ends(
    database: Database,
) -> None:
    clock = Monotonic()
    leases = process(database, range(4), "a", clock)
    await leases.start()
    clock.now += LEASE * 0.74
    assert leases.shards.ids == {0, 1, 2, 3}
    clock.now += LEASE * 0.02
    assert leases.shards.ids == set()
    assert not leases.holds(1 << 22)
    # Renewed again, it has them back (and says so, for the flow to take them over).
    assert (await leases.renew()).gained == {0, 1, 2, 3}


async def test_a_stopping_process_lets_its_shards_go_at_once(database: Database) -> None:
    first, second = process(database, range(2), "a"), process(database, range(2, 4), "b")
    await first.start()
    await second.start()
    await first.release()
    assert first.shards.ids == set()
    assert (await second.renew()).gained == {0, 1}


async def test_a_different_shard_count_is_refused_while_the_other_runs(
    database: Database,
) -> None:
    await process(database, range(4), "a").start()
    with pytest.raises(ShardCountMismatch, match="CLAIMIT_SHARD_COUNT=4"):
        await process(database, range(8), "b", count=8).start()
    await died(database, "a")
    resharded = process(database, range(8), "b", count=8)
    await resharded.start()
    assert resharded.shards.ids == set(range(8))


class Heard:
    """What a process hears from the others, in order."""

    def __init__(self) -> None:
        self.said: list[str] = []
        self.leases_changed = asyncio.Event()

    def leases(self) -> None:
        self.said.append("leases")
        self.leases_changed.set()

    def unshown(self) -> None:
        self.said.append("unshown")


async def everything_heard(database: Database, heard: Heard) -> list[str]:
    """What the listener heard, once it has heard all that was said so far: the database
    delivers what is said in the order it was committed, and this comes last."""
    await database.statement(lease_queries.announce)
    await heard.leases_changed.wait()
    return heard.said


@pytest.fixture
async def shared(postgres: Cluster) -> AsyncIterator[Database]:
    database = await open_database(await postgres.new_database())
    yield database
    await database.close()


@pytest.fixture
async def second_listening(shared: Database) -> AsyncIterator[tuple[ShardLeases, Heard]]:
    """Two processes with two shards each ("a" and "b"), the second listening."""
    first, second = process(shared, range(2), "a"), process(shared, range(2, 4), "b")
    await first.start()
    await second.start()
    heard = Heard()
    listener = await second.listen(heard.leases, heard.unshown)
    assert listener is not None
    try:
        yield second, heard
    finally:
        await listener.close()


async def test_taking_a_stopped_process_s_leases_tells_every_process_to_show_its_games(
    shared: Database, second_listening: tuple[ShardLeases, Heard]
) -> None:
    # The first process may have died between a move from a direct message in a game
    # of the second's shard and telling the second.
    second, heard = second_listening
    await died(shared, "a")
    assert (await second.renew()).gained == {0, 1}
    assert await everything_heard(shared, heard) == ["unshown", "leases"]


async def test_a_process_started_again_tells_the_others_to_show_their_games(
    shared: Database, second_listening: tuple[ShardLeases, Heard]
) -> None:
    # Killed, the first process's run may have left such a move untold; started again,
    # it waits for its old lease to end, but says so at once.
    _, heard = second_listening
    again = process(shared, range(2), "a again")
    assert not (await again.start()).gained
    assert await everything_heard(shared, heard) == ["unshown", "leases"]
