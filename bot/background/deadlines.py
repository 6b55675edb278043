"""The scheduler that keeps games from stalling: it sleeps until the next deadline of any
open game, then has the lobby closed or the turn ended; a long turn's reminder, once,
before its end (``deadline_queries.reminder_at``); and a player's time away, when it
ends (their games count on them again).

Deadlines live in the database, so nothing is lost across a restart: on start
the watch finds every deadline that passed while the bot was down. Handling a
deadline that fails (a full disk, a read-only database) is tried again, ever
later, until it works; only a game whose own data is damaged stops its clock.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable
from typing import Protocol

from bot.background.backoff import Backoff
from bot.background.reconciler import MessageReconciler
from bot.background.task import Background
from bot.clock import Clock
from bot.metrics.figures import deadlines_due
from bot.service import GameService, ServiceError
from bot.service.deadline_reads import DeadlineLook
from bot.service.errors import GameBroken
from bot.service.shard_leases import ShardLeases
from bot.storage.write_refusals import WritesRefused

log = logging.getLogger(__name__)

LONGEST_NAP = 60.0
"""Seconds between looks even when no deadline is near: a safety net, not the mechanism."""
LOOKING = -1
"""The backoff's key for looking for deadlines at all (the database may fail that too)."""


class ShowsGames(Protocol):
    """The games this watch looks after (the Discord layer's table, which shows what
    happens to them)."""

    service: GameService
    leases: ShardLeases
    reconciler: MessageReconciler

    async def game_broken(self, game_id: int) -> None:
        """Stops the clock of a game whose stored data is damaged, and tells its players once."""

    def showing(self, game_id: int) -> bool:
        """Whether a change of the game is being made or shown here now: its messages are
        on their way (or handed to the reconciler if they fail)."""


DeadlinePassed = Callable[[int, int], Awaitable[None]]
"""What happens when a game's deadline (at its version) passes: a lobby closes, a turn
ends by itself."""
ReminderDue = Callable[[int, float], Awaitable[None]]
"""What happens when a long turn's reminder is due (the game, its deadline): whoever must
act is reminded, and the turn noted as reminded."""
AwayOver = Callable[[int], Awaitable[None]]
"""What happens when someone's time away in a game ends: its seats and clock are brought
in line, and the table says they are back."""


class DeadlineWatch(Background):
    """Sleeps until the next deadline of any game of this process's shards, then has it handled;
    a handling that fails is tried again, ever later."""

    def __init__(
        self,
        table: ShowsGames,
        passed: DeadlinePassed,
        remind: ReminderDue,
        away_over: AwayOver,
        clock: Clock,
    ) -> None:
        super().__init__()
        self.table = table
        self.passed = passed
        self.remind = remind
        self.away_over = away_over
        self.service = table.service
        self.clock = clock
        self._backoff = Backoff()
        self._reminding = Backoff()
        """Reminders that failed, tried again apart from the deadlines."""
        self._returning = Backoff()
        """Ends of time away that failed to show, tried again apart from the rest."""
        self._swept_at: float | None = None
        self._set_aside: set[int] = set()
        """Damaged games already reported by this process."""

    def failures(self, game_id: int) -> int:
        """How many times in a row handling this game's deadline failed."""
        return self._backoff.failures(game_id)

    def start(self) -> None:
        """Starts watching; it runs until ``stop``."""
        self._start()

    async def _run(self) -> None:
        woken = self.service.deadline_moved_earlier
        while True:
            woken.clear()
            try:
                look = await self.service.deadlines.deadline_look(self.table.leases.shards)
                # What was handled moved on: the next look, at once, says what is left.
                wake_at = look.now if await self._handle_due(look) else self._wake_at(look)
                self._backoff.succeeded(LOOKING)
            except Exception:
                now = self.clock.now()
                wake_at = self._backoff.failed(LOOKING, now)
                log.warning(
                    "looking for passed deadlines failed; again in %.0f s",
                    wake_at - now,
                    exc_info=True,
                )
            await self.clock.sleep_until(wake_at, woken)

    async def handle_due(self) -> bool:
        """Handles every deadline that has passed now, each game on its own, and sets aside
        games whose data is damaged; whether it handled any."""
        return await self._handle_due(
            await self.service.deadlines.deadline_look(self.table.leases.shards)
        )

    async def _handle_due(self, look: DeadlineLook) -> bool:
        """Handles what ``look`` found due (one read for all of it); whether it handled
        anything (a deadline, a reminder or a time away over)."""
        now, found = look.now, look.found
        shards = self.table.leases.shards
        damaged = list(found.damaged)
        if self._swept_at is None or now >= self._swept_at + LONGEST_NAP:
            # What the scan never reads (a deadline that is no number is never due), and
            # any game whose messages are behind however it came to be.
            damaged += await self.service.deadlines.damaged_games(shards)
            self._behind(await self.service.messages.games_not_shown(shards))
            self._swept_at = now
        for game_id, why in damaged:
            await self._put_aside(game_id, why)
        # A turn nobody was shown can't be held against its player: its messages come
        # first, and showing it tells this watch to look again.
        self._behind(found.unshown)
        due = [(game_id, version) for game_id, version in found.due if game_id not in found.unshown]
        deadlines_due(len(due))
        # A game that failed and was then moved on by someone else waits for nothing.
        self._backoff.keep_only({game_id for game_id, _ in due} | {LOOKING})
        self._reminding.keep_only({game_id for game_id, _ in look.reminders})
        self._returning.keep_only(set(look.returns))
        # Side by side: one game whose message is slow to go out holds up no other.
        handling = [
            *(
                self._handle(game_id, version, now)
                for game_id, version in due
                if not self._backoff.waiting(game_id, now)
            ),
            *(
                self._send_reminder(game_id, deadline, now)
                for game_id, deadline in look.reminders
                if not self._reminding.waiting(game_id, now)
            ),
            *(
                self._away_over(game_id, now)
                for game_id in look.returns
                if not self._returning.waiting(game_id, now)
            ),
        ]
        await asyncio.gather(*handling)
        return bool(handling)

    def _behind(self, games: Iterable[int]) -> None:
        """Games whose messages the database finds behind, for the reconciler; but not one
        whose change or show is under way here, which the database can't tell from one
        left behind. The reconciler's catch-up holds the game while it waits for that
        show, which waits for the channel's pace: at 200 games, a sweep that handed over
        every game being shown held each one's next move for up to 7 s."""
        self.table.reconciler.add(game for game in games if not self.table.showing(game))

    async def _put_aside(self, game_id: int, why: str) -> None:
        """A game whose saved values are damaged: its clock stops and its players are told
        (``LiveTable.game_broken``, which logs it), once; it never holds up the others."""
        if game_id in self._set_aside:
            return
        self._set_aside.add(game_id)
        try:
            await self.table.game_broken(game_id)
        except Exception:
            log.error("game %s is damaged (%s), and its clock could not be stopped", game_id, why)

    async def _handle(self, game_id: int, version: int, now: float) -> None:
        async def passing() -> None:
            try:
                await self.passed(game_id, version)
            except GameBroken:
                await self.table.game_broken(game_id)

        await self._tried(self._backoff, game_id, now, passing(), "handling the deadline")

    async def _send_reminder(self, game_id: int, deadline: float, now: float) -> None:
        # A refusal: the bot is stopping, and the next start reminds.
        work = self.remind(game_id, deadline)
        await self._tried(self._reminding, game_id, now, work, "reminding the players")

    async def _away_over(self, game_id: int, now: float) -> None:
        # A refusal: the game ended meanwhile, or the bot is stopping; the next look does.
        work = self.away_over(game_id)
        await self._tried(self._returning, game_id, now, work, "ending a time away")

    async def _tried(
        self, backoff: Backoff, game_id: int, now: float, work: Awaitable[None], what: str
    ) -> None:
        """Runs one game's ``work``; a failure is tried again, ever later (``backoff``),
        and logged as ``what`` failed. A refusal (``ServiceError``: someone acted at the
        same moment, the game ended, or the bot is stopping) leaves it to the next look."""
        try:
            await work
        except ServiceError:
            pass
        except Exception as error:
            retry_at = backoff.failed(game_id, now)
            log.warning(
                "%s of game %s failed (try %d); again in %.0f s",
                what,
                game_id,
                backoff.failures(game_id),
                retry_at - now,
                # A refused write is the storage's to report, in one line.
                exc_info=backoff.failures(game_id) == 1 and not isinstance(error, WritesRefused),
            )
            return
        backoff.succeeded(game_id)

    def _wake_at(self, look: DeadlineLook) -> float:
        """When to look again, nothing being due at ``look``: at the next deadline, the
        next retry of one that failed, or the next sweep for damaged games."""
        wake_at = [look.now + LONGEST_NAP]
        for upcoming in (
            look.next_deadline,
            look.next_reminder,
            look.next_away_over,
            self._backoff.next_retry(),
            self._reminding.next_retry(),
            self._returning.next_retry(),
        ):
            if upcoming is not None:
                wake_at.append(upcoming)
        return min(wake_at)
