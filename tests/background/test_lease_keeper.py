"""The lease keeper of a process sharing PostgreSQL with others: once it listens, it
looks for its shards' games another process changed and could not show, since what
was said before it listened never reaches it."""

from __future__ import annotations

import asyncio

from bot.background.lease_keeper import LeaseKeeper
from bot.service.shard_leases import ShardLeases
from bot.storage.opening import open_database
from bot.storage.shards import Shards
from tests.postgres_cluster import Cluster

LEASE = 8.0
"""Seconds: the keeper renews every 2 s, and gives listening 1 s to start."""


class Table:
    """What the keeper tells, in order."""

    def __init__(self) -> None:
        self.heard: list[str] = []
        self.taken_over = asyncio.Event()

    def database_back(self) -> None:
        self.heard.append("database back")

    async def take_over(self, shards: Shards) -> None:
        self.heard.append(f"take over {sorted(shards.ids)}")
        self.taken_over.set()

    async def show_unshown(self) -> None:
        self.heard.append("show unshown")


async def test_games_told_unshown_before_the_keeper_listened_are_looked_for(
    postgres: Cluster,
) -> None:
    database = await open_database(await postgres.new_database())
    first = ShardLeases(database, count=2, own=frozenset({0}), lease=LEASE, holder="first")
    second = ShardLeases(database, count=2, own=frozenset({1}), lease=LEASE, holder="second")
    table = Table()
    keeper = LeaseKeeper(second, table)
    try:
        await first.start()
        await second.start()
        # The first process committed a move from a direct message in a game of the
        # second's shard, and said so while the second was still starting.
        await first.unshown()
        keeper.start()
        # The first then dies: the keeper's renewal stands in for its shard, which is
        # told after whatever the keeper heard before that renewal.
        await database.write(
            lambda connection: connection.execute(
                "UPDATE shard_leases SET expires_at = 0 WHERE holder = 'first'"
            )
        )
        await table.taken_over.wait()
        assert table.heard[:2] == ["show unshown", "take over [0]"]
    finally:
        await keeper.stop()
        await database.close()
