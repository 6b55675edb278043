"""Keeps this process's shard leases: renews them several times per lease, and hands
the games of every shard it gains (its own back, or one it stands in for) to the flow."""

from __future__ import annotations

import asyncio
import logging

from bot.discord_ui.background import Background
from bot.discord_ui.flow import GameFlow
from bot.service.shard_leases import ShardLeases
from bot.storage.shards import Shards

log = logging.getLogger(__name__)


class LeaseKeeper(Background):
    def __init__(self, leases: ShardLeases, flow: GameFlow) -> None:
        super().__init__()
        self.leases = leases
        self.flow = flow
        self._gained: set[int] = set()
        """Shards gained whose games are still to be taken over (that failed before)."""

    def start(self) -> None:
        self._start()

    async def _run(self) -> None:
        # Real time, whatever clock the games' deadlines follow: the other processes
        # count the lease on the database's clock.
        while True:
            await asyncio.sleep(self.leases.renew_every)
            try:
                change = await self.leases.renew()
            except Exception:
                log.warning("renewing the shard leases failed; trying again", exc_info=True)
                continue
            self._gained = (self._gained | change.gained) - change.lost
            if self._gained:
                try:
                    await self.flow.take_over(Shards(self.leases.count, frozenset(self._gained)))
                except Exception:
                    log.warning(
                        "taking over shards %s failed; trying again",
                        sorted(self._gained),
                        exc_info=True,
                    )
                else:
                    self._gained.clear()
