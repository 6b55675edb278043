"""Delivers every game's current message at least once.

A change is committed before its message goes out, so a stop in between (a kill,
a crash) or a failed post (Discord answering 5xx, a missing permission) leaves a
game whose messages are behind. The database records the version each game's
messages show; on start the bot collects the games that are behind, and a
failed post hands its game over here. Each is brought up to date, and tried
again, ever later, until that works.

A game handed over again while it is being shown (another process committed a move
on it meanwhile) stays until a show that began after that has worked: a show under
way may have read the game before the move.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable

from bot.background.backoff import Backoff
from bot.background.task import Background
from bot.clock import Clock
from bot.service import ServiceError

log = logging.getLogger(__name__)

IDLE_NAP = 3600.0
"""Seconds to sleep with nothing to catch up: a game handed over wakes it at once."""


class MessageReconciler(Background):
    """Brings a game's messages up to what the database holds when a stop or a Discord failure
    left them behind, retrying each game ever later until it works."""

    def __init__(
        self,
        catch_up: Callable[[int], Awaitable[None]],
        clock: Clock,
        expected: Callable[[Exception], bool],
    ) -> None:
        super().__init__()
        self.catch_up = catch_up
        """Brings one game's messages up to its current version (raises if it can't)."""
        self.clock = clock
        self.expected = expected
        """Whether a failure is one Discord gives every day (a refusal, a 5xx): logged in
        one line, never with a traceback."""
        self._behind: dict[int, int] = {}
        """Each game to catch up, with the number of its latest handover."""
        self._handovers = 0
        self._unsure: set[int] = set()
        """Games handed over here whose messages may include one Discord made that the bot
        never recorded (a post's answer lost, or a stop before its record), until they
        were looked for (``looked_for``)."""
        self._backoff = Backoff()
        self._wake = asyncio.Event()
        self.idle = asyncio.Event()
        """Set while no game is waiting to be caught up."""
        self.idle.set()

    def start(self, behind: Iterable[int] = ()) -> None:
        """Starts catching up, first with ``behind`` (games found behind at start-up, which
        the stop before may have left with a message unrecorded)."""
        self._hand_over(behind, unsure=True)
        self._start()

    def add(self, behind: Iterable[int], *, unsure: bool = False) -> None:
        """Games found behind (in shards this process has just taken on, or that another
        process changed and could not show); ``unsure``: their messages may include one
        Discord made that was never recorded (the process that showed them stopped)."""
        self._hand_over(behind, unsure=unsure)

    def retry(self, game_id: int) -> None:
        """A game's change was committed but its message did not go out (or its answer
        was lost, or its record failed: it may be out unrecorded)."""
        self._backoff.failed(game_id, self.clock.now())
        self._hand_over((game_id,), unsure=True)

    def shown(self, game_id: int) -> None:
        """A change of the game reached its messages: whatever failed before for it is
        behind it (its next failure is tried again soon, not ever later). A game waiting
        here is looked at again now rather than dropped: it may have been handed over
        after that show read it."""
        self._backoff.succeeded(game_id)
        if game_id in self._behind:
            self._wake.set()

    def unsure(self, game_id: int) -> bool:
        """Whether the game's messages may include one Discord made that was never recorded:
        its next show looks for them."""
        return game_id in self._unsure

    def looked_for(self, game_id: int) -> None:
        """The game's unrecorded messages were looked for, and recorded or deleted."""
        self._unsure.discard(game_id)

    def retry_all_now(self) -> None:
        """Every game waiting to be caught up is tried at once (what failed them, the
        database, is back)."""
        self._backoff.keep_only(set())
        self._wake.set()

    def _hand_over(self, games: Iterable[int], *, unsure: bool) -> None:
        for game_id in games:
            self._handovers += 1
            self._behind[game_id] = self._handovers
            if unsure:
                self._unsure.add(game_id)
        if self._behind:
            self.idle.clear()
        self._wake.set()

    async def _run(self) -> None:
        while True:
            self._wake.clear()
            now = self.clock.now()
            due = [g for g in sorted(self._behind) if not self._backoff.waiting(g, now)]
            # Each game on its own (their pictures render in worker threads side by side).
            await asyncio.gather(*(self._catch_up(game_id, now) for game_id in due))
            if not self._behind:
                self.idle.set()
            # A game handed over meanwhile has set the wake-up, so this returns at once.
            next_retry = self._backoff.next_retry()
            wake_at = self.clock.now() + IDLE_NAP if next_retry is None else next_retry
            await self.clock.sleep_until(wake_at, self._wake)

    async def _catch_up(self, game_id: int, now: float) -> None:
        handover = self._behind[game_id]
        try:
            await self.catch_up(game_id)
        except ServiceError:
            self._unsure.discard(game_id)  # the game is gone: nothing to show
        except Exception as error:
            retry_at = self._backoff.failed(game_id, now)
            failures = self._backoff.failures(game_id)
            log.warning(
                "could not bring game %s's messages up to date (try %d; %s); again in %.0f s",
                game_id,
                failures,
                error,
                retry_at - now,
                exc_info=failures == 1 and not self.expected(error),
            )
            return
        self._backoff.succeeded(game_id)
        if self._behind.get(game_id) == handover:
            del self._behind[game_id]
