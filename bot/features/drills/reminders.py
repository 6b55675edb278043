"""The drills' reminder by direct message, for a player who turned it on
(``DRILL_REMINDERS``): on a day drills of theirs are due, one message at the hour of their
daily summary in their time zone, after their quiet hours when that hour falls in them.

A day's reminder is decided once: the write that records the player's day as reminded
records the reminder owed in the same statement, so that two processes, or a look after
a restart, never decide it twice; the Discord part then posts it as a message owed, and
settles it here once posted. A stop in between leaves it owed, and the next start posts
it (under the same nonce: once). The reminder is late at most ``LATE``: a bot down
longer at the hour, or a player turning reminders on long after it, has none that day.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.features.drills.reminder_settings import DRILL_REMINDERS, DrillReminder
from bot.service.player_settings import PlayerSettingsService
from bot.service.player_times import quiet_until, today, zone_of
from bot.storage.connection import Connection
from bot.storage.database import Database
from bot.storage.records import PlayerSettings
from bot.storage.stored_json import kept_text

LATE = 12 * 3600.0
"""Seconds after its moment a day's reminder may still go: later, it waits for the next
day's rather than come in the middle of the player's night."""


@dataclass(frozen=True)
class Reminder:
    """The reminder of one player's day (its date in their time zone)."""

    user_id: int
    day: dt.date

    @property
    def key(self) -> str:
        """Its key as a message owed: one per player and day."""
        return f"drills:{self.user_id}:{self.day.isoformat()}"


@dataclass(frozen=True)
class Looked:
    """What a look found: the reminders to post now, and when the next may be due."""

    owed: list[Reminder]
    next_at: float | None
    """``None``: no player has reminders on."""


def moment(settings: PlayerSettings, day: dt.date) -> float:
    """When the player's reminder of ``day`` is due: at their summary's hour that day in
    their time zone, or at the end of their quiet hours when it falls in them."""
    zone = zone_of(settings)
    at = dt.datetime(day.year, day.month, day.day, settings.summary_hour, tzinfo=zone).timestamp()
    return quiet_until(settings, at) or at


class DrillReminders:
    """Who is owed a drills' reminder when, and the reminders owed."""

    def __init__(
        self,
        database: Database,
        clock: Callable[[], float],
        players: PlayerSettingsService,
        due_count: Callable[[int], Awaitable[int]],
    ) -> None:
        """``due_count``: how many drills a player has due now (``DrillService``'s)."""
        self._db = database
        self._clock = clock
        self._players = players
        self._due_count = due_count

    async def look(self) -> Looked:
        """Decides the reminders due now, once each, and finds those owed (decided before
        and not posted, a stop between): the ones to post now are outside their player's
        quiet hours, with reminders still on. And when the next one may be due: a
        player's next day's, or the end of the quiet hours one waits for."""
        owed: list[Reminder] = []
        upcoming: list[float] = []
        for user_id, last, waiting in await self._db.read(_reminded):
            settings = await self._players.get(user_id)
            # The time is read after the settings, which a look that began long before
            # (a loaded machine) may read only now.
            now = self._clock()
            quiet_end = quiet_until(settings, now)
            if waiting:
                if quiet_end is not None:
                    upcoming.append(quiet_end)
                else:
                    owed.append(Reminder(user_id, dt.date.fromordinal(last)))
                continue
            first = today(now, settings)
            days = [first + dt.timedelta(days=n) for n in range(-2, 3)]
            upcoming.append(min(at for day in days if (at := moment(settings, day)) > now))
            due = [
                day
                for day in days
                if day.toordinal() > last and 0 <= now - moment(settings, day) < LATE
            ]
            if not due:
                continue
            if quiet_end is not None:
                upcoming.append(quiet_end)
                continue
            reminder = Reminder(user_id, due[-1])
            if await self._decided(reminder):
                owed.append(reminder)
        return Looked(owed, min(upcoming, default=None))

    async def _decided(self, reminder: Reminder) -> bool:
        """Records the player's day reminded, its reminder owed if drills are due then;
        whether it is owed by this look (not when none are due, nor when another process
        or an earlier look decided the day)."""
        due = await self._due_count(reminder.user_id) > 0
        decided = await self._db.write(lambda c: _decide(c, reminder, due))
        return decided and due

    async def still_due(self, reminder: Reminder) -> int:
        """How many drills the reminder tells of as it is posted: none once the player
        turned reminders off (or answered them all meanwhile), and then it is settled."""
        settings = await self._players.get(reminder.user_id)
        count = 0
        if DRILL_REMINDERS.of(settings) is DrillReminder.ON:
            count = await self._due_count(reminder.user_id)
        if count == 0:
            await self.settled(reminder)
        return count

    async def settled(self, reminder: Reminder) -> None:
        """The reminder was posted, or refused for good: owed no more."""
        await self._db.write(lambda c: _settled(c, reminder))


async def _reminded(connection: Connection) -> list[tuple[int, int, bool]]:
    """Each player with reminders on, or a reminder owed: their last day reminded (0:
    none yet), and whether its reminder is owed."""
    rows = await connection.fetch(
        "SELECT s.user_id, r.day, r.owed FROM declared_player_settings s "
        "LEFT JOIN drill_reminders r ON r.user_id = s.user_id "
        "WHERE s.name = ? AND s.value = ? "
        "UNION SELECT user_id, day, owed FROM drill_reminders WHERE owed = 1 "
        "ORDER BY user_id",
        (DRILL_REMINDERS.name, kept_text(DrillReminder.ON.value)),
    )
    return [(int(row["user_id"]), int(row["day"] or 0), bool(row["owed"])) for row in rows]


async def _decide(connection: Connection, reminder: Reminder, owed: bool) -> bool:
    """Records the player's day reminded (its reminder owed, when drills are due):
    ``False`` when it was already, by another process or an earlier look."""
    return await connection.found(
        "INSERT INTO drill_reminders (user_id, day, owed) VALUES (?, ?, ?) "
        "ON CONFLICT (user_id) DO UPDATE SET day = excluded.day, owed = excluded.owed "
        "WHERE drill_reminders.day < excluded.day AND drill_reminders.owed = 0 "
        "RETURNING user_id",
        (reminder.user_id, reminder.day.toordinal(), int(owed)),
    )


async def _settled(connection: Connection, reminder: Reminder) -> None:
    await connection.execute(
        "UPDATE drill_reminders SET owed = 0 WHERE user_id = ? AND day = ?",
        (reminder.user_id, reminder.day.toordinal()),
    )
