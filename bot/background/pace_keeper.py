"""Keeps this process's share of Discord's global request limit moving with the
processes' demands (``bot.service.pace_grants``): a renewal every ``TICK``. While the
database is away the process keeps what it holds as long as it may trust it, then the
little every process may make without a grant; that is one line in the log when it
starts and one when the database is back, never a line per request or per renewal."""

from __future__ import annotations

import asyncio
import logging

from bot.background.task import Background
from bot.clock import MONOTONIC, Clock
from bot.service.pace_grants import TICK, TRUSTED, UNGRANTED, PaceGrants

log = logging.getLogger(__name__)

RENEWAL_TIMEOUT = 2.0
"""Seconds a renewal may take before it counts as failed: a database that doesn't
answer holds up no renewal after it."""


class PaceKeeper(Background):
    """Renews this process's grant every ``TICK`` while the bot runs."""

    def __init__(self, grants: PaceGrants, clock: Clock = MONOTONIC) -> None:
        super().__init__()
        self.grants = grants
        self._clock = clock
        self._failing = False

    def start(self) -> None:
        """Starts renewing; it runs until ``stop``. A process alone needs none."""
        if not self.grants.alone:
            self._start()

    async def _run(self) -> None:
        never = asyncio.Event()
        while True:
            await self._clock.sleep_until(self._clock.now() + TICK, never)
            await self.renew()

    async def renew(self) -> None:
        """One renewal; a failure is logged once until one works again."""
        try:
            async with asyncio.timeout(RENEWAL_TIMEOUT):
                await self.grants.tick()
        except Exception as error:
            if not self._failing:
                log.warning(
                    "sharing Discord's global request limit with the other processes "
                    "failed (%r): this process keeps its %d requests a second for at "
                    "most %.0f s, then makes %d a second until the database answers",
                    error,
                    self.grants.held,
                    TRUSTED,
                    UNGRANTED,
                )
            self._failing = True
        else:
            if self._failing:
                log.info(
                    "sharing Discord's global request limit again: this process holds %d "
                    "of its %d requests a second",
                    self.grants.held,
                    self.grants.budget,
                )
            self._failing = False
