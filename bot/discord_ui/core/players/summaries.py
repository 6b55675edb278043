"""The daily summary: for a player who chose it, one direct message a day at their hour,
in their time zone, listing the games waiting for them in every server (none when no game
waits, or while they are away), in place of the day before's, so that their DMs keep one.

Direct messages come on Discord's first shard, so the process holding its lease sends
them. Each day's summary is a message owed (``OwedPosts``): posted once under its nonce,
then recorded (the last one deleted, the next one due tomorrow), so that a stop between
its post and its record posts it again at the start as the message Discord made, and two
processes never both send one.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.background.looks import Looks
from bot.clock import Clock
from bot.discord_ui.card_layout import sent
from bot.discord_ui.core.players.listing import my_games_card, place_names, waits_on
from bot.discord_ui.game_messages import DMS_CLOSED
from bot.discord_ui.lean_requests import Posted
from bot.discord_ui.owed_messages import Owed, OwedPosts
from bot.service import GameService
from bot.service.shard_leases import ShardLeases
from bot.storage import DailySummary, Notify
from i18n import language

log = logging.getLogger(__name__)

NAP = 60.0
"""Seconds between looks when no summary is near: another process's player may have
chosen one meanwhile."""
DM_SHARD_GUILD = 0
"""Direct messages are the first shard's: the server id whose shard is shard 0."""


class DailySummaries(Looks):
    """Sends each daily summary when it is due."""

    what = "sending the daily summaries"

    def __init__(
        self,
        service: GameService,
        client: discord.Client,
        leases: ShardLeases,
        clock: Clock,
        owed: OwedPosts,
    ) -> None:
        super().__init__(clock, service.players.summaries_moved)
        self.service = service
        self.client = client
        self.leases = leases
        self.owed = owed

    async def look(self) -> float:
        players = self.service.players
        now = self.clock.now()
        if self.leases.holds(DM_SHARD_GUILD):
            for summary in await players.summaries_due():
                await self.owed.post(self._owed(summary))
        upcoming = await players.next_summary(now)
        return min(now + NAP, upcoming or now + NAP)

    def _owed(self, summary: DailySummary) -> Owed:
        """The player's summary of the day, in place of the last one, if a game waits
        for them (else the last one goes, and none comes)."""
        service = self.service
        user = summary.user_id

        async def place() -> int:
            return (await self.client.create_dm(discord.Object(user))).id

        async def compose() -> dict[str, Any] | None:
            settings = await service.players.get(user)
            now = self.clock.now()
            away = settings.away is not None and settings.away.until > now
            games = [await service.game(game_id) for game_id in await service.games_of_user(user)]
            if settings.notify is not Notify.SUMMARY or away:
                await service.players.take_summary(summary)
                return None
            if not any(waits_on(game, user, now) for game in games):
                await self._replace(summary, None)
                await service.players.take_summary(summary)
                return None
            lang = language(settings.locale)
            servers = await place_names(games, self.client, service.conversations)
            title = lang._("🗓️ Your games today")
            return sent(my_games_card(games, user, lang, servers, now, title))

        async def recorded(message: Posted, made_before: bool) -> None:
            await self._replace(summary, message)
            await service.players.take_summary(summary)

        async def refused(error: discord.HTTPException) -> None:
            if error.code == DMS_CLOSED:
                log.info("%s takes no direct messages from the bot: no daily summary", user)
                await service.players.dms_closed(user)
            await service.players.take_summary(summary)

        key = f"daily-summary:{user}:{int(summary.due)}"
        return Owed(key, DM_SHARD_GUILD, place, compose, recorded, refused)

    async def _replace(self, summary: DailySummary, message: Posted | None) -> None:
        """The last summary goes; ``message`` is the one kept from now on."""
        if summary.message_id is not None and summary.channel_id is not None:
            channel = self.client.get_partial_messageable(summary.channel_id)
            try:
                await channel.get_partial_message(summary.message_id).delete()
            except discord.NotFound:
                log.info("%s's daily summary was gone already", summary.user_id)
        await self.service.players.keep_summary(
            summary.user_id,
            None if message is None else message.channel_id,
            None if message is None else message.id,
        )
