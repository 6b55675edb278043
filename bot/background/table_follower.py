"""Each game's messages follow its changes out of the game's hold, newest state first.

A change is committed and its clicker answered while the game is held; what the rest
of the server sees (the table edited or posted anew, the turn's ping, the other
players' hands) is brought up to date afterwards, here. Discord limits how often a
channel's messages may be posted and edited (about 5 in 5 seconds): waiting for that
while holding the game would slow play to the channel's pace. So a game's messages
are shown one show at a time, each time as the game stands *then*: changes committed
while a show waits on Discord are skipped, never queued, and the table lags the game
by at most one channel's wait.

What fails here is handed to the reconciler, which tries again later, ever later.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.service import ServiceError

log = logging.getLogger(__name__)


class TableFollower:
    """Shows each game's latest change once the game is let go: one show at a time per game,
    always of the game as it stands then, so that changes made meanwhile are shown together."""

    def __init__(
        self,
        show: Callable[[int], Awaitable[None]],
        failed: Callable[[int, Exception], Awaitable[None]],
        expected: Callable[[Exception], bool],
    ) -> None:
        self._show = show
        """Brings one game's messages up to its current state (raises if it can't)."""
        self._failed = failed
        """Hands a game whose show failed to the reconciler (and says so to whoever waits
        for it)."""
        self._expected = expected
        """Whether a failure is one Discord gives every day (a refusal, a 5xx): one log
        line, not a traceback."""
        self._wanted: set[int] = set()
        self._following: dict[int, asyncio.Task[None]] = {}
        self._stopped = False

    def want(self, game_id: int) -> None:
        """The game changed: its messages are brought up to date soon, once for however
        many changes come before its show begins."""
        if self._stopped:
            return
        self._wanted.add(game_id)
        if game_id not in self._following:
            self._following[game_id] = asyncio.create_task(self._follow(game_id))

    def busy(self, game_id: int) -> bool:
        """Whether the game's messages are being brought up to date (or are about to be)."""
        return game_id in self._following

    async def settled(self, game_id: int) -> None:
        """Until the game's messages show every change wanted so far."""
        while (task := self._following.get(game_id)) is not None:
            await asyncio.wait({task})

    async def idle(self) -> None:
        """Until no game's messages are being brought up to date."""
        while self._following:
            await asyncio.wait(set(self._following.values()))

    def following(self) -> list[int]:
        """The games whose messages are being brought up to date now."""
        return list(self._following)

    async def stop(self) -> None:
        """Shows under way end; what they had left is the reconciler's at the next start
        (the database still says those games are behind)."""
        self._stopped = True
        tasks = list(self._following.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _follow(self, game_id: int) -> None:
        try:
            while game_id in self._wanted:
                self._wanted.discard(game_id)
                try:
                    await self._show(game_id)
                except ServiceError:
                    pass  # the game is gone, or the bot is stopping: nothing to show now
                except Exception as error:
                    log.warning(
                        "game %s's messages did not follow it: %s",
                        game_id,
                        error,
                        exc_info=not self._expected(error),
                    )
                    await self._failed(game_id, error)
        finally:
            del self._following[game_id]
