"""Which process does each game's background work: the one holding its shard's lease.

Each process runs some of Discord's shards (all of them by default) and holds
their leases, renewing them several times per lease. A process that stops
renewing (it died) loses its leases when they expire, and another live process
stands in for those shards: their deadlines, computer players and late messages
go on there until the shards' own process is back and takes them back.

A lease is counted on the database's clock, so processes on machines whose clocks
differ agree on when it expires; and a process counts its own leases as lost a
quarter of a lease before the database would let another take them.
"""

from __future__ import annotations

import logging
import os
import secrets
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass

from bot.storage import lease_queries
from bot.storage.connection import Connection
from bot.storage.database import Database, Listener
from bot.storage.shards import Shards, shard_of

log = logging.getLogger(__name__)

RENEWALS_PER_LEASE = 4


class ShardCountMismatch(Exception):
    """This process's shard count differs from another live process's on the same database."""

    def __init__(self, mine: int, theirs: list[int]) -> None:
        super().__init__(
            f"another bot process sharing this database runs with CLAIMIT_SHARD_COUNT="
            f"{', '.join(map(str, theirs))}, this one with {mine}; every process of a bot "
            "must use the same shard count (stop them all to change it)"
        )


@dataclass(frozen=True)
class LeaseChange:
    """Shards a renewal gained (taken over) and lost (taken by another process)."""

    gained: frozenset[int]
    lost: frozenset[int]


def process_name() -> str:
    """This process among others, in logs and in the leases table."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


class ShardLeases:
    """This process's leases on its shards in a shared database: whose background work
    (deadlines, catch-ups, computer players) each shard's games are."""

    def __init__(
        self,
        database: Database,
        *,
        count: int,
        own: frozenset[int],
        lease: float,
        holder: str | None = None,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self._db = database
        self.count = count
        self.own = own
        self.lease = lease
        self.holder = holder or process_name()
        self._monotonic = monotonic
        self._held: frozenset[int] = frozenset()
        self._valid_until = 0.0

    @property
    def renew_every(self) -> float:
        """Seconds between renewals: several per lease, so that one late renewal loses nothing."""
        return self.lease / RENEWALS_PER_LEASE

    @property
    def shards(self) -> Shards:
        """The shards whose background work is this process's now."""
        if self._monotonic() >= self._valid_until:
            return Shards(self.count, frozenset())
        return Shards(self.count, self._held)

    def holds(self, guild_id: int) -> bool:
        """Whether this process's leases hold the server's shard now."""
        return shard_of(guild_id, self.count) in self.shards.ids

    async def start(self) -> LeaseChange:
        """Refuses a shard count other live processes don't share; lays out the leases
        and takes this process's own."""

        async def laying_out(connection: Connection) -> None:
            await connection.lock(lease_queries.LOCK)
            now = await lease_queries.now(connection)
            others = await lease_queries.other_counts(connection, self.count, now)
            if others:
                raise ShardCountMismatch(self.count, others)
            await lease_queries.lay_out(connection, self.count)

        await self._db.write(laying_out)
        change = await self.renew()
        if change.gained:
            # A process standing in for these shards lets them go at once.
            await self._db.statement(lease_queries.announce)
        else:
            # A run of this process that was killed may have changed a game of another
            # process's shard without telling it: told now, not once its leases are taken.
            await self._db.statement(lease_queries.announce_unshown)
        waiting = self.own - self._held
        if waiting:
            log.warning(
                "shards %s are still leased by another process (this process's earlier "
                "run, or one running the same shards); their background work starts here "
                "when that lease expires, within %.0f s",
                sorted(waiting),
                self.lease,
            )
        return change

    async def renew(self) -> LeaseChange:
        """Renews this process's leases, takes back its own shards and stands in for
        shards nobody renews; returns what changed. Taking a lease tells every process
        to show its games that are behind: the lease's last holder may have stopped
        between changing a game of another process's shard (a move from a direct
        message) and telling that process."""
        started = self._monotonic()

        async def renewing(connection: Connection) -> frozenset[int]:
            await connection.lock(lease_queries.LOCK)
            now = await lease_queries.now(connection)
            until = now + self.lease
            had = await lease_queries.held_by(connection, self.holder)
            await lease_queries.claim_own(
                connection, self.holder, self.own, now, until, alone=not self._db.shared
            )
            await lease_queries.stand_in(connection, self.holder, self.own, now, until)
            held = await lease_queries.held_by(connection, self.holder)
            if held - had:
                await lease_queries.announce_unshown(connection)
            return frozenset(held)

        held = await self._db.write(renewing)
        before = self.shards.ids
        self._held = held
        self._valid_until = started + self.lease * (RENEWALS_PER_LEASE - 1) / RENEWALS_PER_LEASE
        change = LeaseChange(held - before, before - held)
        stand_ins = sorted(change.gained - self.own)
        if stand_ins:
            log.warning("standing in for shards %s, whose process stopped", stand_ins)
        if change.lost:
            log.info("shards %s are another process's now", sorted(change.lost))
        return change

    async def listen(
        self, heard: Callable[[], object], unshown: Callable[[], object]
    ) -> Listener | None:
        """Calls ``heard`` when another process lets its leases go or takes its own back,
        and ``unshown`` when one changed a game it could not show, which may be one of
        this process's shards' (``None`` when no other process shares the database)."""
        return await self._db.listen(
            {
                lease_queries.CHANGED: lambda _: heard(),
                lease_queries.UNSHOWN: lambda _: unshown(),
            }
        )

    async def unshown(self) -> None:
        """Tells the other processes that a game changed here which this process can't
        show (it is not its shard's): its shard's process shows it now."""
        await self._db.statement(lease_queries.announce_unshown)

    async def release(self) -> None:
        """Lets this process's leases go, so that others take over at once (it stops)."""
        self._held = frozenset()

        async def releasing(connection: Connection) -> None:
            await connection.lock(lease_queries.LOCK)
            await lease_queries.release(connection, self.holder)

        await self._db.write(releasing)
