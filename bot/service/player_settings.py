"""A player's own settings, kept across servers (how their turn reaches them, their time
zone, quiet hours and time away, and the settings the features declare), their daily
summary, and the direct messages telling them it is their turn (one per game and player,
so that their DMs never fill with old ones)."""

from __future__ import annotations

import asyncio
import datetime as dt
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import replace
from enum import Enum
from types import MappingProxyType
from typing import Literal

from bot.service.declared_player_settings import DeclaredPlayerSettings
from bot.service.errors import BadSetting
from bot.service.feature_registry import discovered, player_settings_of
from bot.service.guild_settings import KeptSettings
from bot.service.player_times import DAY, day_ends, next_at_hour, today, zone_named, zone_of
from bot.storage import player_queries
from bot.storage.database import Database
from bot.storage.records import (
    Away,
    DailySummary,
    Notify,
    PlayerSettings,
    QuietHours,
    TurnNotice,
)
from bot.storage.shards import Shards
from i18n import Message

FOLLOW_DISCORD = "discord"
"""The language of a player's direct messages that follows their Discord's."""
KEPT_LOCALES = 10_000
"""Players whose last Discord language is kept in memory."""
KEPT_PLAYERS = 10_000
"""Players whose settings are kept in memory, the least recently used dropped first."""
LONGEST_AWAY_DAYS = 30
"""Days ahead a player may say they are away until, at most (each server counts at most
its own limit of them)."""


class Unchanged(Enum):
    """A choice left as it is (where ``None`` is a choice: no quiet hours)."""

    KEPT = "kept"


KEPT = Unchanged.KEPT


class PlayerSettingsService:
    """Each player's settings, daily summaries and turn notices."""

    def __init__(
        self,
        database: Database,
        clock: Callable[[], float],
        declared: DeclaredPlayerSettings | None = None,
    ) -> None:
        self._db = database
        self._clock = clock
        self.declared = player_settings_of(discovered()) if declared is None else declared
        """The player settings the features declare."""
        self._kept = KeptSettings(
            database, player_queries.player_settings, KEPT_PLAYERS, time.monotonic
        )
        self._seen: OrderedDict[int, str] = OrderedDict()
        """Each player's Discord language at their last interaction here, the least
        recently seen dropped first."""
        self.summaries_moved = asyncio.Event()
        """Set when a player's summary may now be due earlier than the summaries' watch
        thought (they chose one, or another hour)."""

    async def get(self, user_id: int) -> PlayerSettings:
        """The player's settings (the defaults when they never chose). Each turn reads
        those of whoever it tells, so they are kept in memory, read again after a change
        made here, or after ``SHARED_FRESH_FOR`` seconds when other processes may change
        them too."""
        return await self._kept.get(user_id)

    def _changed(self, user_id: int) -> None:
        """A change of the player's settings was written here: they are read again."""
        self._kept.changed(user_id)

    async def choose(
        self,
        user_id: int,
        seen: str,
        *,
        notify: Notify | None = None,
        language: str | None = None,
        time_zone: str | None = None,
        summary_hour: int | None = None,
        quiet: QuietHours | Literal[Unchanged.KEPT] | None = KEPT,
        declared: Mapping[str, str | None] | None = None,
    ) -> PlayerSettings:
        """Changes what is given (``None``, or ``KEPT`` for quiet hours, keeps a choice);
        the direct messages are in the ``language`` chosen, or (``FOLLOW_DISCORD``, and
        while the player never chose one) in the one their Discord is in (``seen`` now),
        and tried again if they were closed. A daily summary is due next at its hour in
        the player's time zone. ``declared`` are the features' settings by name, each one
        of its choices (``bot.service.declared_player_settings``)."""
        picked = self.declared.changed(declared or {})
        if time_zone is not None:
            zone_named(time_zone)
        if summary_hour is not None and not 0 <= summary_hour <= 23:
            raise BadSetting(Message("a daily summary comes at an hour from 0 to 23"))
        if isinstance(quiet, QuietHours) and (
            quiet.start == quiet.end or not {quiet.start, quiet.end} <= set(range(24))
        ):
            raise BadSetting(Message("quiet hours end at another hour than they start"))
        now = self._clock()
        before = await self.get(user_id)
        chosen = before.locale_chosen if language is None else language != FOLLOW_DISCORD
        if chosen and language not in (None, FOLLOW_DISCORD):
            locale = language
        elif chosen:
            locale = before.locale or seen
        else:
            locale = seen
        settings = replace(
            before,
            notify=before.notify if notify is None else notify,
            locale=locale,
            locale_chosen=chosen,
            dms_closed=False,
            time_zone=before.time_zone if time_zone is None else time_zone,
            summary_hour=before.summary_hour if summary_hour is None else summary_hour,
            quiet=before.quiet if quiet is KEPT else quiet,
            declared=MappingProxyType({**before.declared, **picked}),
        )
        due = None
        if settings.notify is Notify.SUMMARY:
            due = next_at_hour(now, settings.summary_hour, zone_of(settings))
        await self._db.write(
            lambda connection: player_queries.save_choices(
                connection, user_id, settings, due, picked
            )
        )
        self._changed(user_id)
        self.summaries_moved.set()
        return settings

    async def seen(self, user_id: int, locale: str) -> None:
        """The player's Discord is in ``locale`` at this interaction: their direct messages
        follow it, unless they chose a language. Written only when it changed, as far as
        this process knows (once per player and start at most otherwise)."""
        if self._seen.get(user_id) == locale:
            self._seen.move_to_end(user_id)
            return
        await self._db.statement(
            lambda connection: player_queries.follow_locale(connection, user_id, locale)
        )
        self._changed(user_id)
        self._seen[user_id] = locale
        while len(self._seen) > KEPT_LOCALES:
            self._seen.popitem(last=False)

    async def go_away(self, user_id: int, until: dt.date) -> Away:
        """The player is away from now to the end of ``until`` (a date of theirs, from
        today to ``LONGEST_AWAY_DAYS`` ahead)."""
        now = self._clock()
        settings = await self.get(user_id)
        first = today(now, settings)
        if not first <= until <= first + dt.timedelta(days=LONGEST_AWAY_DAYS):
            raise BadSetting(
                Message("you can be away from today to {days} days ahead", days=LONGEST_AWAY_DAYS)
            )
        away = Away(now, day_ends(until, zone_of(settings)))
        await self._db.statement(
            lambda connection: player_queries.set_away(connection, user_id, away)
        )
        self._changed(user_id)
        return away

    async def come_back(self, user_id: int) -> bool:
        """The player is back; ``False`` if they were not away."""
        settings = await self.get(user_id)
        if settings.away is None or settings.away.until <= self._clock():
            return False
        await self._db.statement(
            lambda connection: player_queries.set_away(connection, user_id, None)
        )
        self._changed(user_id)
        return True

    async def games_with_seat(self, user_id: int) -> list[tuple[int, int, float | None]]:
        """The player's open games, as (game, server, their seat's time away there)."""
        return await self._db.read(
            lambda connection: player_queries.away_seats(connection, user_id)
        )

    async def dms_closed(self, user_id: int) -> bool:
        """Notes that the player's direct messages refused the bot; ``True`` the first
        time since they last chose their settings."""
        first = await self._db.statement(
            lambda connection: player_queries.set_dms_closed(connection, user_id)
        )
        self._changed(user_id)
        return first

    async def aways_over(self, shards: Shards) -> list[int]:
        """Open games of these shards in which someone's time away has ended."""
        now = self._clock()
        return await self._db.read(
            lambda connection: player_queries.aways_over(connection, now, shards)
        )

    async def next_away_over(self, after: float, shards: Shards) -> float | None:
        """When the next time away in these shards' open games ends."""
        return await self._db.read(
            lambda connection: player_queries.next_away_over(connection, after, shards)
        )

    async def summaries_due(self) -> list[DailySummary]:
        """The daily summaries due now."""
        now = self._clock()
        return await self._db.read(lambda connection: player_queries.summaries_due(connection, now))

    async def next_summary(self, after: float) -> float | None:
        """When the next daily summary is due."""
        return await self._db.read(
            lambda connection: player_queries.next_summary(connection, after)
        )

    async def take_summary(self, summary: DailySummary) -> bool:
        """Takes a due summary to be sent now, the player's next one due at their hour
        tomorrow; ``False`` if another process took it (or the player chose otherwise)."""
        settings = await self.get(summary.user_id)
        now = max(self._clock(), summary.due)
        then = next_at_hour(now + DAY / 2, settings.summary_hour, zone_of(settings))
        return await self._db.statement(
            lambda connection: player_queries.take_summary(
                connection, summary.user_id, summary.due, then
            )
        )

    async def keep_summary(
        self, user_id: int, channel_id: int | None, message_id: int | None
    ) -> None:
        """The player's last daily summary is now this message (``None``: none)."""
        await self._db.statement(
            lambda connection: player_queries.keep_summary(
                connection, user_id, channel_id, message_id
            )
        )

    async def notices(self, game_id: int) -> list[TurnNotice]:
        """The game's turn notices kept in its players' direct messages."""
        return await self._db.read(
            lambda connection: player_queries.turn_notices(connection, game_id)
        )

    async def keep_notice(self, notice: TurnNotice) -> None:
        """The player's turn notice for the game is now ``notice``."""
        await self._db.statement(
            lambda connection: player_queries.keep_turn_notice(connection, notice)
        )

    async def forget_notice(self, notice: TurnNotice) -> None:
        """The notice is gone."""
        await self._db.statement(
            lambda connection: player_queries.forget_turn_notice(
                connection, notice.game_id, notice.message_id
            )
        )
