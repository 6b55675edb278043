"""The position of the day in Discord: a watch that wakes at the next server's hour,
decides its day (``bot.features.drills.daily``) and posts it in the server's channel,
in the server's language, as a message owed (``OwedPosts``: a stop between the decision
and the post leaves it owed, and the next start posts it under the same nonce, once);
and the members' presses on it, each answered to the presser alone.

The channel is checked before anything is decided or sent, from what the bot's cache
knows (no request): a channel gone, or one the bot may not view, write or show a
picture in, makes the day quiet with one log line, and nothing is tried again that
day."""

from __future__ import annotations

import datetime as dt
import logging
from typing import Any

import discord

from bot.background.looks import Looks
from bot.discord_ui.card_layout import Card, sent
from bot.discord_ui.components import selected
from bot.discord_ui.context import Context
from bot.discord_ui.interaction_answers import require_private, reveal, update_private
from bot.discord_ui.interactions import reader
from bot.discord_ui.lean_requests import Posted
from bot.discord_ui.owed_messages import Owed
from bot.discord_ui.part import Part
from bot.discord_ui.permissions import missing_in
from bot.features.drills.daily import (
    DailyGameGone,
    DailyPositions,
    Day,
    DayPosition,
    NoDailyPosition,
)
from bot.features.drills.daily_words import anonymous, named_players
from bot.features.drills.discord.daily_cards import (
    answer_card,
    how_it_went,
    month_card,
    open_card,
    post_card,
)
from bot.features.drills.discord.daily_controls import (
    DailyAnswer,
    DailyMonth,
    DailyOpen,
    DailyPick,
)
from bot.service.errors import GameNotFound
from bot.storage.records import Game
from i18n import Language, english

log = logging.getLogger(__name__)

NAP = 60.0
"""Seconds between looks when no server's hour is near: a server may name its channel,
or move its hour, meanwhile."""
DAILY_CONTROLS = (DailyOpen, DailyAnswer, DailyPick, DailyMonth)
"""The position of the day's controls, whose presses ``DailyAnswering`` handles."""


def writable(client: discord.Client, guild_id: int, channel_id: int) -> bool:
    """Whether the bot may post a picture in the server's channel, as its cache knows
    (a channel gone, or in another server, is not)."""
    channel = client.get_channel(channel_id)
    if not isinstance(channel, discord.TextChannel) or channel.guild.id != guild_id:
        return False
    # Without its own member in the cache (the bot left the server) it may post nowhere.
    return channel.guild.me is not None and not missing_in(channel, english())


class DailyWatch(Looks):
    """Decides and posts each server's position of the day, and those a stop left owed."""

    what = "posting the positions of the day"

    def __init__(self, context: Context, daily: DailyPositions) -> None:
        super().__init__(context.clock)
        self.context = context
        self.daily = daily

    async def look(self) -> float:
        now = self.clock.now()
        client = self.context.client
        looked = await self.daily.look(
            self.context.leases.holds,
            lambda guild, channel: writable(client, guild, channel),
            self.context.settings.get,
        )
        for guild_id, channel_id in looked.shut:
            _shut_out(guild_id, channel_id)
        for day in looked.owed:
            await self.context.owed.post(self._owed(day))
        return min(now + NAP, looked.next_at or now + NAP)

    def _owed(self, day: Day) -> Owed:
        """The day's post, in its server's channel, in the server's language."""
        posting: list[DayPosition] = []

        async def compose() -> dict[str, Any] | None:
            try:
                return await composed()
            except Exception:
                # A day that can't be drawn (its data damaged) would fail at every look,
                # and hold up the days after it: it is let go, quiet, once.
                log.exception("server %s: the position of the day can't be drawn", day.guild_id)
                await self.daily.settled(day, None)
                return None

        async def composed() -> dict[str, Any] | None:
            found = await self.daily.position(day)
            game = None if found is None else await kept_game(self.context, found)
            if found is None or game is None:
                await self.daily.settled(day, None)
                return None
            if not writable(self.context.client, day.guild_id, found.channel_id):
                _shut_out(day.guild_id, found.channel_id)
                await self.daily.settled(day, None)
                return None
            posting.append(found)
            lang = await self.context.languages.of_server(day.guild_id)
            named = await named_players(self.context.service.players.get, game)
            before = await self._before(day, lang)
            shown = anonymous(game, named, lang)
            card = await post_card(found, shown, before, lang, named=found.drill.user_id in named)
            return sent(card)

        async def place() -> int:
            return posting[-1].channel_id

        async def recorded(message: Posted, made_before: bool) -> None:
            await self.daily.settled(day, message.id)

        async def refused(error: discord.HTTPException) -> None:
            log.info(
                "server %s: the position of the day was refused (%s): none today",
                day.guild_id,
                error.status,
            )
            await self.daily.settled(day, None)

        return Owed(day.key, day.guild_id, place, compose, recorded, refused)

    async def _before(self, day: Day, lang: Language) -> str | None:
        """How the server's last day posted went, where there was one."""
        previous = await self.daily.previous(day)
        if previous is None:
            return None
        found, answered, right = previous
        game = await kept_game(self.context, found)
        if game is None:
            return None
        shown = anonymous(game, await named_players(self.context.service.players.get, game), lang)
        return how_it_went(found, shown, answered, right, lang)


def _shut_out(guild_id: int, channel_id: int) -> None:
    log.info(
        "server %s: no position of the day today, the bot can't post in channel %s "
        "(gone, or permissions missing)",
        guild_id,
        channel_id,
    )


async def kept_game(context: Context, found: DayPosition) -> Game | None:
    """The game the day's position comes from; ``None`` once it is no longer kept."""
    try:
        return await context.service.game(found.drill.game_id)
    except GameNotFound:
        return None


class DailyAnswering(Part):
    """The presses on a day's post: **Answer** opens the position to the presser alone,
    each option answers it (once a day), **This month** shows the table and their
    streak. Every press names its server and day, held against where it is pressed and
    the server's current day."""

    daily: DailyPositions

    async def daily_opened(self, interaction: discord.Interaction, pressed: DailyOpen) -> None:
        """**Answer**: the day's position with its options, privately."""
        day = _day(interaction, pressed.guild, pressed.day)
        await reveal(interaction, self._opened(interaction, day))

    async def daily_answered(self, interaction: discord.Interaction, pressed: DailyAnswer) -> None:
        """One of the day's options, pressed."""
        require_private(interaction)
        day = _day(interaction, pressed.guild, pressed.day)
        await update_private(interaction, self._answer(interaction, day, pressed.option))

    async def daily_picked(self, interaction: discord.Interaction, pressed: DailyPick) -> None:
        """One of the day's options, picked from its menu."""
        require_private(interaction)
        day = _day(interaction, pressed.guild, pressed.day)
        await update_private(interaction, self._answer(interaction, day, selected(interaction)))

    async def daily_month(self, interaction: discord.Interaction, pressed: DailyMonth) -> None:
        """**This month**: the table and the presser's streak, privately."""
        if pressed.guild != interaction.guild_id:
            raise NoDailyPosition()
        standing = self.daily.standing(pressed.guild, interaction.user.id)
        lang = reader(interaction)

        async def shown() -> Card:
            return month_card(await standing, lang)

        await reveal(interaction, shown())

    async def _opened(self, interaction: discord.Interaction, day: Day) -> Card:
        found = await self.daily.current(day)
        game = await self._daily_game(found)
        lang = reader(interaction)
        named = await named_players(self.context.service.players.get, game)
        answered = await self.daily.answered(day, interaction.user.id)
        shown = anonymous(game, named, lang)
        return await open_card(found, shown, answered, lang, named=found.drill.user_id in named)

    async def _answer(self, interaction: discord.Interaction, day: Day, option: str) -> Card:
        found = await self.daily.current(day)
        game = await self._daily_game(found)
        answered = await self.daily.answer(day, interaction.user.id, option)
        standing = await self.daily.standing(day.guild_id, interaction.user.id)
        lang = reader(interaction)
        shown = anonymous(game, await named_players(self.context.service.players.get, game), lang)
        return answer_card(answered, shown, standing, lang)

    async def _daily_game(self, found: DayPosition) -> Game:
        game = await kept_game(self.context, found)
        if game is None:
            raise DailyGameGone()
        return game


def _day(interaction: discord.Interaction, guild: int, day: int) -> Day:
    """The day a press names, refused where it names another server than its own."""
    if guild != interaction.guild_id:
        raise NoDailyPosition()
    try:
        return Day(guild, dt.date.fromordinal(day))
    except ValueError:
        raise NoDailyPosition() from None
