"""What the deadline watch reads: the games due, the long turns' reminders due, the
times away over, the damaged games, and when the next of each comes
(``GameService.deadlines``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.storage import deadline_queries, player_queries
from bot.storage.connection import Connection
from bot.storage.database import Database
from bot.storage.records import DueGames
from bot.storage.shards import EVERY, Shards


@dataclass(frozen=True)
class DeadlineLook:
    """What the deadline watch needs at one look, read in one transaction: what is due at
    ``now``, and when the next of each comes."""

    now: float
    found: DueGames
    reminders: list[tuple[int, float]]
    """Running games whose long turn's reminder is due, with the deadline it is for."""
    returns: list[int]
    """Open games in which someone's time away has ended."""
    next_deadline: float | None
    next_reminder: float | None
    next_away_over: float | None


class DeadlineReads:
    """The deadline watch's reads, at the service's time."""

    def __init__(self, database: Database, clock: Callable[[], float]) -> None:
        self._db = database
        self._clock = clock

    async def due_games(self, shards: Shards = EVERY) -> DueGames:
        """Open games whose deadline has passed (noting those whose messages are behind:
        a turn nobody was shown can't be held against its player until it is), and games
        whose saved values are damaged."""
        return await self._db.read(
            lambda connection: deadline_queries.due_games(connection, self._clock(), shards)
        )

    async def deadline_look(self, shards: Shards = EVERY) -> DeadlineLook:
        """Everything the deadline watch looks at, in one read: the games due now, the
        reminders due, the times away over, and when the next of each comes."""
        now = self._clock()

        async def reading(connection: Connection) -> DeadlineLook:
            return DeadlineLook(
                now,
                await deadline_queries.due_games(connection, now, shards),
                await deadline_queries.reminders_due(connection, now, shards),
                await player_queries.aways_over(connection, now, shards),
                await deadline_queries.next_deadline(connection, now, shards),
                await deadline_queries.next_reminder(connection, now, shards),
                await player_queries.next_away_over(connection, now, shards),
            )

        return await self._db.read(reading)

    async def next_deadline(self, after: float, shards: Shards = EVERY) -> float | None:
        """The earliest deadline still to come after ``after``."""
        return await self._db.read(
            lambda connection: deadline_queries.next_deadline(connection, after, shards)
        )

    async def reminders_due(self, shards: Shards = EVERY) -> list[tuple[int, float]]:
        """Running games whose long turn's reminder is due now, with the deadline it is
        for."""
        return await self._db.read(
            lambda connection: deadline_queries.reminders_due(connection, self._clock(), shards)
        )

    async def next_reminder(self, after: float, shards: Shards = EVERY) -> float | None:
        """When the earliest reminder still to come after ``after`` is due."""
        return await self._db.read(
            lambda connection: deadline_queries.next_reminder(connection, after, shards)
        )

    async def damaged_games(self, shards: Shards = EVERY) -> list[tuple[int, str]]:
        """Open games whose saved values the deadline scan reads are damaged, as (id, what
        is damaged)."""
        return await self._db.read(
            lambda connection: deadline_queries.damaged_games(connection, shards)
        )
