"""Each season's end announced once, with its podium, where its game was last played in
the server, in the server's language; whichever process claims it first in the database
sends it, so two processes or a restart announce it once."""

from __future__ import annotations

import logging

import discord

from bot.background.looks import Looks
from bot.discord_ui.card_layout import sent
from bot.discord_ui.context import Context
from bot.discord_ui.feature import Feature
from bot.discord_ui.features.seasons.podium import podium_card
from bot.service.seasons import SeasonEnd, SeasonService

log = logging.getLogger(__name__)


class SeasonEnds(Feature):
    """Announces the end of each season of each game, once."""

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.client = context.client
        self.seasons = SeasonService(context.database, context.clock.now)
        self.watch = SeasonWatch(self)

    def start(self) -> None:
        self.watch.start()

    async def stop(self) -> None:
        await self.watch.stop()

    async def announce(self, end: SeasonEnd) -> None:
        """The season's end with its podium, in the channel of its last game; one that
        Discord refuses is lost rather than sent twice (it was claimed already)."""
        lang = await self.languages.of_server(end.guild_id)
        channel = self.client.get_partial_messageable(end.channel_id, guild_id=end.guild_id)
        try:
            await channel.send(**sent(podium_card(end, lang)))
        except discord.HTTPException as error:
            log.info(
                "the end of server %s's %s season could not be announced: %s",
                end.guild_id,
                end.kind,
                error,
            )


class SeasonWatch(Looks):
    """Wakes at the next end of a season anywhere (or after a while: a server may turn
    seasons on meanwhile), and announces what ended."""

    what = "looking for ended seasons"

    def __init__(self, feature: SeasonEnds) -> None:
        super().__init__(feature.clock)
        self.feature = feature

    async def look(self) -> float:
        """Announces every season that ended lately and is not announced yet; returns
        when to look again."""
        for end in await self.feature.seasons.ended_seasons():
            await self.feature.announce(end)
        return await self.feature.seasons.next_season_end()
