"""The daily summary: for a player who chose it, one direct message a day at their hour,
in their time zone, listing the games waiting for them in every server (none when no game
waits, or while they are away), in place of the day before's, so that their DMs keep one.

Direct messages come on Discord's first shard, so the process holding its lease sends
them; each summary is taken in the database before it is sent (``take_summary``), so
two processes never both send one. A stop between taking and sending loses that day's:
a day later the next one comes, where sending twice would repeat itself every restart.
"""

from __future__ import annotations

import logging

import discord

from bot.background.looks import Looks
from bot.clock import Clock
from bot.discord_ui.card_layout import sent
from bot.discord_ui.features.players.listing import my_games_card, waits_on
from bot.discord_ui.game_places import DMS_CLOSED
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
        self, service: GameService, client: discord.Client, leases: ShardLeases, clock: Clock
    ) -> None:
        super().__init__(clock, service.players.summaries_moved)
        self.service = service
        self.client = client
        self.leases = leases

    async def look(self) -> float:
        players = self.service.players
        now = self.clock.now()
        if self.leases.holds(DM_SHARD_GUILD):
            for summary in await players.summaries_due():
                if await players.take_summary(summary):
                    await self._send(summary)
        upcoming = await players.next_summary(now)
        return min(now + NAP, upcoming or now + NAP)

    async def _send(self, summary: DailySummary) -> None:
        """The player's summary, in place of the last one, if a game waits for them."""
        service = self.service
        user = summary.user_id
        settings = await service.players.get(user)
        now = self.clock.now()
        if settings.notify is not Notify.SUMMARY or (
            settings.away is not None and settings.away.until > now
        ):
            return
        games = [await service.game(game_id) for game_id in await service.games_of_user(user)]
        if summary.message_id is not None and summary.channel_id is not None:
            channel = self.client.get_partial_messageable(summary.channel_id)
            try:
                await channel.get_partial_message(summary.message_id).delete()
            except discord.NotFound:
                log.info("%s's daily summary was gone already", user)
            await service.players.keep_summary(user, None, None)
        if not any(waits_on(game, user, now) for game in games):
            return
        lang = language(settings.locale)
        servers = {game.guild_id: self._server_name(game.guild_id) for game in games}
        title = lang._("🗓️ Your games today")
        card = my_games_card(games, user, lang, servers, now, title)
        try:
            dm = await self.client.create_dm(discord.Object(user))
            message = await dm.send(**sent(card))
        except discord.Forbidden as error:
            if error.code != DMS_CLOSED:
                raise
            log.info("%s takes no direct messages from the bot: no daily summary", user)
            await service.players.dms_closed(user)
            return
        await service.players.keep_summary(user, dm.id, message.id)

    def _server_name(self, guild_id: int) -> str:
        guild = self.client.get_guild(guild_id)
        return guild.name if guild is not None else str(guild_id)
