"""Keeps this process's shard leases: renews them several times per lease, and at once
when another process lets its leases go (it stopped) or takes its own back (it
started), and hands the games of every shard it gains (its own back, or one it stands
in for) to the table, and those another process changed but could not show (a move
from a direct message, which comes on the first shard whatever the game's). A renewal
that works again after failing means the database is back, which the table hears
too."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Protocol

from bot.background.task import Background
from bot.service.shard_leases import ShardLeases
from bot.storage.database import Listener
from bot.storage.shards import Shards

log = logging.getLogger(__name__)


class TakesShardsOver(Protocol):
    """What hears of the shards gained and the database back (the Discord layer's table,
    which shows their games)."""

    def database_back(self) -> None:
        """The database answers again after it failed: whatever fell behind is tried now."""

    async def take_over(self, shards: Shards) -> None:
        """This process took over ``shards`` from one that stopped renewing them: their games are
        caught up and their deadlines watched here."""

    async def show_unshown(self) -> None:
        """Another process changed a game it could not show: this process's shards' games
        that are behind are shown now."""


class LeaseKeeper(Background):
    """Renews this process's shard leases in time, and takes over the shards of a process whose
    leases ran out."""

    def __init__(self, leases: ShardLeases, table: TakesShardsOver) -> None:
        super().__init__()
        self.leases = leases
        self.table = table
        self._gained: set[int] = set()
        """Shards gained whose games are still to be taken over (that failed before)."""
        self._woken = asyncio.Event()
        self._heard = False
        """Another process's leases changed: renew now."""
        self._unshown = False
        """Another process changed a game it could not show."""
        self._listener: Listener | None = None
        self._deaf = False
        """Listening failed last time (logged once until it works again)."""
        self._failing = False
        """The last renewal failed (the database was away)."""

    def start(self) -> None:
        """Starts renewing; it runs until ``stop``."""
        self._start()

    async def stop(self) -> None:
        """Stops renewing (the leases are released by the bot's stop, not here)."""
        await super().stop()
        if self._listener is not None:
            await self._listener.close()
            self._listener = None

    def _heard_leases(self) -> None:
        self._heard = True
        self._woken.set()

    def _heard_unshown(self) -> None:
        self._unshown = True
        self._woken.set()

    async def _run(self) -> None:
        # Real time, whatever clock the games' deadlines follow: the other processes
        # count the lease on the database's clock.
        loop = asyncio.get_running_loop()
        renew_at = loop.time() + self.leases.renew_every
        while True:
            await self._listen()
            # asyncio.timeout, not wait_for: Python 3.11's wait_for loses a cancellation
            # that comes as the wait ends, and a stop would then wait for this forever.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout_at(renew_at):
                    await self._woken.wait()
            self._woken.clear()
            if self._unshown:
                self._unshown = False
                try:
                    await self.table.show_unshown()
                except Exception:
                    log.warning("showing games another process changed failed", exc_info=True)
            if not self._heard and loop.time() < renew_at:
                continue
            self._heard = False
            renew_at = loop.time() + self.leases.renew_every
            try:
                change = await self.leases.renew()
            except Exception:
                log.warning("renewing the shard leases failed; trying again", exc_info=True)
                self._failing = True
                continue
            if self._failing:
                # The database is back: what waited on it goes on now, not at its backoff.
                self._failing = False
                self.table.database_back()
            self._gained = (self._gained | change.gained) - change.lost
            if self._gained:
                try:
                    await self.table.take_over(Shards(self.leases.count, frozenset(self._gained)))
                except Exception:
                    log.warning(
                        "taking over shards %s failed; trying again",
                        sorted(self._gained),
                        exc_info=True,
                    )
                else:
                    self._gained.clear()

    async def _listen(self) -> None:
        """Listens for the other processes' lease changes and unshown games, again after
        the connection dropped; without it, the renewals every quarter lease still find
        the lease changes."""
        if self._listener is not None and self._listener.listening:
            return
        if self._listener is not None:
            await self._listener.close()
            self._listener = None
        try:
            # Never long enough to hold up the renewal.
            async with asyncio.timeout(self.leases.renew_every / 2):
                self._listener = await self.leases.listen(self._heard_leases, self._heard_unshown)
        except Exception as error:
            if not self._deaf:
                log.info("not listening for other processes' lease changes now: %r", error)
            self._deaf = True
        else:
            self._deaf = False
            if self._listener is not None:
                # What another process said while nobody here listened (this one starting,
                # its connection dropped) is lost: the games it meant are looked for.
                self._heard_unshown()
