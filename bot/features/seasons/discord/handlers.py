"""Each season's end announced once, with its podium, where its game was last played in
the server, in the server's language, as a message owed (``OwedPosts``): two processes
or a restart, whenever it comes, announce it once. A game nobody was ranked in (too few
rated games each) announces nothing. And each season's standings as a view of the
ladder's leaderboard (``/<game> leaderboard season:``)."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.background.looks import Looks
from bot.discord_ui.card_layout import Card, sent
from bot.discord_ui.context import Context
from bot.discord_ui.lean_requests import Posted
from bot.discord_ui.message_hooks import Adds
from bot.discord_ui.owed_messages import Owed
from bot.discord_ui.part import LookingPart
from bot.features.seasons.discord.podium import podium_card
from bot.features.seasons.discord.season_board import season_card, season_views
from bot.features.seasons.service import (
    CURRENT,
    NoSeasons,
    SeasonEnd,
    SeasonService,
    season_asked,
)
from bot.features.seasons.settings import calendar
from bot.features.seasons.windows import Seasons
from bot.games.faces import face_for
from i18n import Language

log = logging.getLogger(__name__)


class SeasonEnds(LookingPart, Adds):
    """Announces the end of each season of each game, once (its looks find the seasons
    that ended), and shows each season's standings on the leaderboard: the current
    season's by default in a server with seasons."""

    looks: SeasonWatch

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.seasons = SeasonService(context.database, context.clock.now)
        self.looks = SeasonWatch(self)

    async def leaderboard_default(self, guild_id: int, kind: str) -> str | None:
        return CURRENT if (await self._calendar(guild_id)).on else None

    async def leaderboard_views(
        self, guild_id: int, kind: str, lang: Language
    ) -> list[discord.app_commands.Choice[str]]:
        seasons = await self._calendar(guild_id)
        played = await self.seasons.seasons_played(guild_id, kind, seasons)
        return season_views(played, seasons.at(self.clock.now()), lang)

    async def leaderboard_view(
        self, guild_id: int, kind: str, asked: str, user_id: int, server: str, lang: Language
    ) -> Card | None:
        # Whatever else is asked names a season, or none this server has.
        season = season_asked(await self._calendar(guild_id), asked, self.clock.now())
        if season is None:
            raise NoSeasons(face_for(kind).command)
        standings = await self.seasons.standings(guild_id, kind, season, user_id)
        return season_card(standings, kind, server, lang)

    async def _calendar(self, guild_id: int) -> Seasons:
        return calendar(await self.context.settings.get(guild_id))

    async def announce(self, end: SeasonEnd) -> None:
        """The season's end with its podium, in the channel of its last game, once."""
        await self.context.owed.post(self._owed(end))

    def _owed(self, end: SeasonEnd) -> Owed:
        async def compose() -> dict[str, Any] | None:
            if not end.standings.ranked:
                await self.seasons.announced(end)
                return None
            return sent(podium_card(end, await self.languages.of_server(end.guild_id)))

        async def recorded(message: Posted, made_before: bool) -> None:
            await self.seasons.announced(end)

        async def refused(error: discord.HTTPException) -> None:
            # Its channel gone, or the bot shut out of it: it is not announced elsewhere.
            await self.seasons.announced(end)

        async def place() -> int:
            return end.channel_id

        return Owed(end.key, end.guild_id, place, compose, recorded, refused)


class SeasonWatch(Looks):
    """Wakes at the next end of a season anywhere (or after a while: a server may turn
    seasons on meanwhile), and announces what ended."""

    what = "looking for ended seasons"

    def __init__(self, feature: SeasonEnds) -> None:
        super().__init__(feature.clock)
        self.feature = feature

    async def look(self) -> float:
        """Announces every season of this process's servers that ended lately and is not
        announced yet; returns when to look again."""
        for end in await self.feature.seasons.ended_seasons():
            if self.feature.context.leases.holds(end.guild_id):
                await self.feature.announce(end)
        return await self.feature.seasons.next_season_end()
