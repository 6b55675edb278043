"""A server's position of the day: at the server's hour (UTC, ``daily_settings``), one
position from its own finished games, a decision a member there got wrong (one of the
server's drills whose game is still kept), posted in the server's channel for it; its
members answer privately, once each; the next day's post tells how the day went.

The day is decided once: the write that records it holds the position, copied from its
drill as it stood then, and the post owed, so that two processes or a look after a
restart never decide it twice nor post another position; the Discord part posts it as a
message owed and settles it here. A day with nothing to post (no drill whose game is
kept, no channel the bot may write in) is decided quiet, and nothing more is tried
that day. The position is chosen the same for a server and a day wherever it is
decided, and no position comes twice while the server has others.

A member's streak is the days in a row, of the days the server posted, they answered
right: answering alone is a press, and the streak is what a daily position trains.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from bot.features.drills import daily_queries as queries
from bot.features.drills.daily_queries import Candidate, KeptDay
from bot.features.drills.daily_settings import DAILY_CHANNEL, DAILY_HOUR
from bot.features.drills.drill import Answered, Drill
from bot.features.drills.errors import NotAnOption
from bot.features.drills.making import clearly_best
from bot.features.drills.schedule import new_card
from bot.games.analysis import Weighed
from bot.games.registry import rules_for
from bot.service.errors import Refusal
from bot.storage import player_queries
from bot.storage.connection import Connection
from bot.storage.database import Database
from bot.storage.records import GuildSettings, PlayerSettings
from i18n import Message

LATE = 12 * 3600.0
"""Seconds after its hour a day's position may still go: a bot down longer, or a
channel named long after the hour, posts the next day's."""
TABLE = 10
"""The members the month's table shows at most."""


class NoDailyPosition(Refusal):
    """A press of a day that is not the server's current one: a day over, one never
    posted, or another server's (a forged button)."""

    words = Message(
        "That is not this server's position of the day: answer today's, in its post. "
        "Nothing changed."
    )


class DailyAlreadyAnswered(Refusal):
    """A second answer to one day's position."""

    words = Message(
        "You have answered today's position already: only your first answer counts, so "
        "nothing changed."
    )


class DailyGameGone(Refusal):
    """A day whose game is no longer kept: its position can't be drawn any more."""

    words = Message(
        "The game of today's position is no longer kept, so it can't be answered: nothing changed."
    )


@dataclass(frozen=True)
class Day:
    """One server's day (UTC)."""

    guild_id: int
    day: dt.date

    @property
    def key(self) -> str:
        """Its key as a message owed: one per server and day."""
        return f"daily:{self.guild_id}:{self.day.isoformat()}"


@dataclass(frozen=True)
class DayPosition:
    """A day's position as posted: the drill it came from, as it stood that day."""

    day: Day
    channel_id: int
    message_id: int | None
    drill: Drill
    """Its ``user_id`` is the member whose decision it was, never shown unless they
    allow it."""


@dataclass(frozen=True)
class DailyLooked:
    """What a look decided: the days to post now, the servers whose channel the bot may
    not write in (each once a day), and when the next day may be due."""

    owed: list[Day]
    shut: list[tuple[int, int]]
    """Servers and their channel, where the day was decided quiet for that."""
    next_at: float | None


@dataclass(frozen=True)
class DailyStanding:
    """A member's streak, and the server's month's table."""

    streak: int
    month: dt.date
    """The month's first day."""
    table: list[tuple[int, int]]
    """Members and their right answers this month, the most first."""


def today(now: float) -> dt.date:
    """The day (UTC) it is at ``now``."""
    return dt.datetime.fromtimestamp(now, dt.UTC).date()


def moment(day: dt.date, hour: int) -> float:
    """When the day's position is due: at the server's hour, UTC."""
    return dt.datetime(day.year, day.month, day.day, hour, tzinfo=dt.UTC).timestamp()


def chosen(candidates: Sequence[Candidate], posted: set[str], day: Day) -> int | None:
    """The drill the server's day takes its position from: of the positions it hasn't
    posted (all of them, once every one has been), one picked by the server and the day
    alone, so that wherever it is decided it is the same; ``None``: it has none."""
    fresh: dict[str, int] = {}
    every: dict[str, int] = {}
    for candidate in candidates:
        every.setdefault(candidate.position, candidate.id)
        if candidate.position not in posted:
            fresh.setdefault(candidate.position, candidate.id)
    pool = fresh or every
    if not pool:
        return None
    seed = hashlib.sha256(f"{day.guild_id}:{day.day.isoformat()}".encode()).digest()
    positions = sorted(pool)
    return pool[positions[int.from_bytes(seed[:8], "big") % len(positions)]]


def clear_ones(candidates: Sequence[Candidate]) -> list[Candidate]:
    """The candidates whose best answer is clear: a drill made before the filter may be
    a near tie, no position for a whole server to argue over. Each is read from its JSON
    (a server may have thousands): off the event loop."""
    return [
        candidate
        for candidate in candidates
        if clearly_best(candidate.kind, Weighed.from_json(candidate.weighed))
    ]


def streak(posted: Sequence[int], right: set[int], current: int) -> int:
    """Of the server's days posted (``posted``, ordinals, the latest first), how many in
    a row the member answered right, up to the latest; the ``current`` day, not answered
    yet (0: none is), breaks nothing."""
    count = 0
    for day in posted:
        if day in right:
            count += 1
        elif day != current:
            break
    return count


class DailyPositions:
    """Each server's position of the day: decided, posted, answered, counted."""

    def __init__(self, database: Database, clock: Callable[[], float]) -> None:
        self._db = database
        self._clock = clock

    async def look(
        self,
        mine: Callable[[int], bool],
        writable: Callable[[int, int], bool],
        settings: Callable[[int], Awaitable[GuildSettings]],
    ) -> DailyLooked:
        """Decides the days due now of the servers ``mine`` holds, once each: with a
        position, quiet where there is none or the bot may not write in the channel
        (``writable``, asked before anything is written); finds the days owed (decided
        before and not posted: a stop between). And when the next day may be due.
        ``settings``: a server's settings (the settings service's ``get``), which only
        the watch that posts the days has kept."""
        shut: list[tuple[int, int]] = []
        upcoming: list[float] = []
        for guild_id in await self._db.read(queries.servers_on):
            if not mine(guild_id):
                continue
            named = await settings(guild_id)
            # The time is read after the settings: a channel named at noon, read by a look
            # that began hours before (a loaded machine), is no day's past its hour.
            next_at, closed = await self._looked_at(guild_id, self._clock(), writable, named)
            upcoming += [] if next_at is None else [next_at]
            shut += [] if closed is None else [closed]
        owed = [
            Day(kept.guild_id, dt.date.fromordinal(kept.day))
            for kept in await self._db.read(queries.owed_days)
            if mine(kept.guild_id)
        ]
        return DailyLooked(owed, shut, min(upcoming, default=None))

    async def _looked_at(
        self,
        guild_id: int,
        now: float,
        writable: Callable[[int, int], bool],
        settings: GuildSettings,
    ) -> tuple[float | None, tuple[int, int] | None]:
        """Decides the server's day if it is due and not decided: when its next day is
        due (``None``: it has no channel), and its channel where the bot may not write
        in it (the day decided quiet)."""
        channel = DAILY_CHANNEL.of(settings)
        if channel is None:
            return None, None
        hour = DAILY_HOUR.of(settings)
        first = today(now)
        days = [first + dt.timedelta(days=n) for n in (-1, 0, 1)]
        next_at = min(at for day in days if (at := moment(day, hour)) > now)
        due = [day for day in days if 0 <= now - moment(day, hour) < LATE]
        if not due:
            return next_at, None
        day = Day(guild_id, due[-1])
        ordinal = day.day.toordinal()
        if await self._db.read(lambda c: queries.is_decided(c, guild_id, ordinal)):
            return next_at, None
        if not writable(guild_id, channel):
            decided = await self._decide(day, channel, None)
            return next_at, (guild_id, channel) if decided else None
        candidates, posted = await self._db.read(lambda c: queries.candidates(c, guild_id))
        clear = await asyncio.to_thread(clear_ones, candidates)
        await self._decide(day, channel, chosen(clear, posted, day))
        return next_at, None

    async def _decide(self, day: Day, channel: int, drill: int | None) -> bool:
        ordinal = day.day.toordinal()
        return await self._db.write(
            lambda c: queries.decide(c, day.guild_id, ordinal, channel, drill)
        )

    async def position(self, day: Day) -> DayPosition | None:
        """The day's position; ``None`` for a quiet day, or one not decided."""
        kept = await self._db.read(lambda c: queries.kept_day(c, day.guild_id, day.day.toordinal()))
        return None if kept is None else _position(kept)

    async def previous(self, day: Day) -> tuple[DayPosition, int, int] | None:
        """The server's latest day posted before ``day``, with how many answered it and
        how many right; ``None``: none was (or its game is no longer kept)."""

        async def reading(connection: Connection) -> tuple[KeptDay | None, tuple[int, int]]:
            ordinal = day.day.toordinal()
            kept = await queries.latest_posted(connection, day.guild_id, ordinal)
            if kept is None:
                return None, (0, 0)
            return kept, await queries.tally(connection, day.guild_id, kept.day)

        kept, (answered, right) = await self._db.read(reading)
        found = None if kept is None else _position(kept)
        return None if found is None else (found, answered, right)

    async def settled(self, day: Day, message_id: int | None) -> None:
        """The day's post is out (``message_id``), or refused for good (``None``)."""
        ordinal = day.day.toordinal()
        await self._db.write(lambda c: queries.settle(c, day.guild_id, ordinal, message_id))

    async def current(self, day: Day) -> DayPosition:
        """The day's position, where it is the server's current one (its latest posted:
        answerable until the next is posted, however long that takes); else refused
        (``NoDailyPosition``), as a press of another day or server is."""
        ordinal = today(self._clock()).toordinal()
        kept = await self._db.read(lambda c: queries.latest_posted(c, day.guild_id, ordinal + 1))
        if kept is None or kept.day != day.day.toordinal():
            raise NoDailyPosition()
        found = _position(kept)
        if found is None:
            raise DailyGameGone()
        return found

    async def latest(self, guild_id: int) -> DayPosition | None:
        """The server's current day's position (its latest posted, as ``current`` takes
        it), if it has one and its game is still kept."""
        ordinal = today(self._clock()).toordinal()
        kept = await self._db.read(lambda c: queries.latest_posted(c, guild_id, ordinal + 1))
        return None if kept is None else _position(kept)

    async def player(self, user_id: int) -> PlayerSettings:
        """A player's settings as kept: whether a day may name them (``DAILY_NAMED``)."""
        return await self._db.read(lambda c: player_queries.player_settings(c, user_id))

    async def answered(self, day: Day, user_id: int) -> str | None:
        """What the member answered the day's position, if they did."""
        ordinal = day.day.toordinal()
        return await self._db.read(
            lambda c: queries.answered_option(c, day.guild_id, ordinal, user_id)
        )

    async def answer(self, day: Day, user_id: int, option: str) -> Answered:
        """The member's answer to the server's current day: refused for another day
        (``NoDailyPosition``), an option the position doesn't have (``NotAnOption``)
        and a second answer (``DailyAlreadyAnswered``), nothing changed."""
        found = await self.current(day)
        weighed = found.drill.weighed
        if option not in dict(weighed.worths):
            raise NotAnOption()
        cost = weighed.cost(option)
        right = cost == 0
        ordinal, now = day.day.toordinal(), self._clock()
        first = await self._db.write(
            lambda c: queries.answer(c, day.guild_id, ordinal, user_id, option, right, now)
        )
        if not first:
            raise DailyAlreadyAnswered()
        # A day's position is not asked again: its due is the answer's own moment.
        return Answered(found.drill, option, weighed.best, cost, right, now)

    async def standing(self, guild_id: int, user_id: int) -> DailyStanding:
        """The member's streak in the server, and its table of this month (UTC)."""
        day = today(self._clock())
        first = day.replace(day=1)
        following = (first + dt.timedelta(days=32)).replace(day=1)
        last = following - dt.timedelta(days=1)

        async def reading(connection: Connection) -> tuple[int, list[tuple[int, int]]]:
            posted = await queries.posted_days(connection, guild_id, day.toordinal())
            right = await queries.right_days(connection, guild_id, user_id)
            # The latest day, not answered yet, may still be answered right.
            open_day = bool(posted) and (
                await queries.answered_option(connection, guild_id, posted[0], user_id) is None
            )
            table = await queries.month_table(
                connection, guild_id, first.toordinal(), last.toordinal(), TABLE
            )
            return streak(posted, right, posted[0] if open_day else 0), table

        count, table = await self._db.read(reading)
        return DailyStanding(count, first, table)


def _position(kept: KeptDay) -> DayPosition | None:
    """A kept day's position; ``None`` for a quiet day, or one whose game is gone."""
    if kept.drill_id is None or kept.game_id is None:
        return None
    assert kept.kind is not None and kept.seat is not None and kept.user_id is not None
    assert kept.state is not None and kept.weighed is not None
    assert kept.chosen is not None and kept.move is not None
    drill = Drill(
        id=kept.drill_id,
        user_id=kept.user_id,
        kind=kept.kind,
        seat=kept.seat,
        state=rules_for(kept.kind).state_from_json(kept.state),
        weighed=Weighed.from_json(kept.weighed),
        chosen=kept.chosen,
        game_id=kept.game_id,
        guild_id=kept.guild_id,
        move=kept.move,
        card=new_card(0.0),
        due_at=0.0,
        version=0,
        hinted=False,
    )
    day = Day(kept.guild_id, dt.date.fromordinal(kept.day))
    return DayPosition(day, kept.channel_id, kept.message_id, drill)
