"""The scheduler that keeps games from stalling: it sleeps until the next deadline of any
open game, then lets the flow close the lobby or end the turn.

Deadlines live in the database, so nothing is lost across a restart: on start
the watch finds every deadline that passed while the bot was down.
"""

from __future__ import annotations

import asyncio
import logging

from bot.clock import Clock
from bot.discord_ui.flow import GameFlow
from bot.service import ServiceError
from bot.service.errors import GameBroken

log = logging.getLogger(__name__)

LONGEST_NAP = 60.0
"""Seconds between looks even when no deadline is near: a safety net, not the mechanism."""


class DeadlineWatch:
    def __init__(self, flow: GameFlow, clock: Clock) -> None:
        self.flow = flow
        self.service = flow.service
        self.clock = clock
        self._task: asyncio.Task[None] | None = None
        self._failed: set[tuple[int, int]] = set()
        """(game, version) pairs whose handling failed unexpectedly; retried once they change."""

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    async def _run(self) -> None:
        woken = self.service.deadline_moved_earlier
        while True:
            woken.clear()
            try:
                await self.handle_due()
                nap = await self._nap()
            except Exception:
                log.exception("looking for passed deadlines failed")
                nap = LONGEST_NAP
            await self.clock.sleep(nap, woken)

    async def handle_due(self) -> None:
        for game_id, version in await self.service.due_games():
            if (game_id, version) in self._failed:
                continue
            try:
                await self.flow.deadline_passed(game_id, version)
            except GameBroken:
                await self.service.stop_clock(game_id)
            except ServiceError:
                # Someone acted at the same moment: the game has a new deadline.
                continue
            except Exception:
                log.exception("handling the deadline of game %s failed", game_id)
                self._failed.add((game_id, version))

    async def _nap(self) -> float:
        due = await self.service.due_games()
        if any(pair not in self._failed for pair in due):
            return 0
        next_deadline = await self.service.next_deadline()
        if next_deadline is None or due:
            return LONGEST_NAP
        return min(max(next_deadline - self.clock.now(), 0), LONGEST_NAP)
