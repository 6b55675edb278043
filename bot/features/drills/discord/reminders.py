"""The drills' reminder in a player's direct messages ("3 drills are due"), for those who
turned it on in ``/my settings``: a watch that wakes at the next reminder due
(``bot.features.drills.reminders`` decides whose, once a day), and posts each as a
message owed (``OwedPosts``), settled once posted; a stop in between leaves it owed, and
the next start posts it under the same nonce, once.

Direct messages are the first shard's, as the daily summaries are: the process holding
its lease decides and posts them."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.background.looks import Looks
from bot.discord_ui.card_layout import Card, sent
from bot.discord_ui.context import Context
from bot.discord_ui.core.players.summaries import DM_SHARD_GUILD
from bot.discord_ui.game_messages import DMS_CLOSED
from bot.discord_ui.lean_requests import Posted
from bot.discord_ui.owed_messages import Owed
from bot.features.drills.reminders import DrillReminders, Reminder
from bot.features.drills.service import DrillService
from bot.service.errors import own_slash
from i18n import Language, language

log = logging.getLogger(__name__)

NAP = 60.0
"""Seconds between looks when no reminder is near: a player may turn reminders on, or
move their hour, meanwhile."""


class DrillReminderWatch(Looks):
    """Posts each player's drills' reminder when it is due, and those a stop left owed."""

    what = "sending the drills' reminders"

    def __init__(self, context: Context) -> None:
        super().__init__(context.clock)
        self.context = context
        service = context.service
        self.reminders = DrillReminders(
            context.database,
            context.clock.now,
            service.players,
            service.part(DrillService).due_count,
        )

    async def look(self) -> float:
        now = self.clock.now()
        if not self.context.leases.holds(DM_SHARD_GUILD):
            return now + NAP
        looked = await self.reminders.look()
        for reminder in looked.owed:
            await self.context.owed.post(self._owed(reminder))
        return min(now + NAP, looked.next_at or now + NAP)

    def _owed(self, reminder: Reminder) -> Owed:
        """The reminder, in the player's direct messages, in their language."""
        players = self.context.service.players
        user = reminder.user_id

        async def place() -> int:
            return (await self.context.client.create_dm(discord.Object(user))).id

        async def compose() -> dict[str, Any] | None:
            count = await self.reminders.still_due(reminder)
            if count == 0:
                return None
            return sent(reminder_card(count, language((await players.get(user)).locale)))

        async def recorded(message: Posted, made_before: bool) -> None:
            await self.reminders.settled(reminder)

        async def refused(error: discord.HTTPException) -> None:
            if error.code == DMS_CLOSED:
                log.info("%s takes no direct messages from the bot: no drills' reminder", user)
                await players.dms_closed(user)
            await self.reminders.settled(reminder)

        return Owed(reminder.key, DM_SHARD_GUILD, place, compose, recorded, refused)


def reminder_card(count: int, lang: Language) -> Card:
    """How many drills are due, and the command that opens them."""
    return Card(
        title=lang.ngettext("🎯 {n} drill is due", "🎯 {n} drills are due", count),
        text=lang._(
            "Answer them with {command}, here or in any server: positions from your own "
            "games, a press each.",
            command=lang.say(own_slash("my", "drills")),
        ),
        footer=lang._(
            "Turn these reminders off with {command}.",
            command=lang.say(own_slash("my", "settings")),
        ),
    )
