"""Players who are no longer in a game's server: the bot hears of a departure with the
members intent (``on_raw_member_remove``), and without it asks Discord once when it
matters (``Memberships``): at a turn's deadline, and at a press from a direct message,
which says nothing of which servers the presser is in. Either way, the departed
player's seats go to computer players (a lobby's are freed), each game showing it.

A conversation's game (a DM or group DM, or a server the bot is not in) is never asked
about: the bot can read none of their members. Someone who left one times out like
anyone quiet."""

from __future__ import annotations

import functools
from collections import OrderedDict

import discord

from bot.clock import Clock
from bot.discord_ui.context import Games
from bot.discord_ui.game_notes import Departure
from bot.discord_ui.memberships import Memberships
from bot.discord_ui.table_asks import Left
from bot.service import Actor, GameService, ServiceError
from bot.service.errors import NoLongerMember

SCOPES_KEPT = 10_000
"""Whether a game's ``guild_id`` is a conversation's scope, kept for this many, the least
recently asked dropped first (it never changes)."""


class Departures:
    """Who left a server, and their seats freed."""

    def __init__(
        self,
        service: GameService,
        games: Games,
        client: discord.Client,
        clock: Clock,
    ) -> None:
        self.service = service
        self.games = games
        self.memberships = Memberships(client, clock)
        self._conversations: OrderedDict[int, bool] = OrderedDict()

    async def gone(self, guild_id: int, user_id: int) -> bool:
        """Whether the user is no longer a member of the server, as Discord says (never,
        for a conversation's scope: Discord is not asked)."""
        if await self._is_conversation(guild_id):
            return False
        return await self.memberships.gone(guild_id, user_id)

    async def _is_conversation(self, guild_id: int) -> bool:
        known = self._conversations.get(guild_id)
        if known is None:
            known = await self.service.conversations.conversation(guild_id) is not None
            self._conversations[guild_id] = known
            while len(self._conversations) > SCOPES_KEPT:
                self._conversations.popitem(last=False)
        self._conversations.move_to_end(guild_id)
        return known

    async def left(self, guild_id: int, user_id: int) -> None:
        """Discord told of someone leaving the server (or their account is gone): not
        still there, and their seats are freed."""
        self.memberships.left(guild_id, user_id)
        await self.member_left(guild_id, user_id)

    async def require_member(self, game_id: int, actor: Actor) -> None:
        """Before a press from a direct message: refused (``NoLongerMember``) when the
        game's server no longer has them, their seats there going to computer players as
        when they leave. Someone who plays no seat of the game is refused as the service
        refuses them there, in the same words whatever the id names, and never looked up."""
        assert actor.user_id is not None
        game = await self.service.game_for(game_id, actor)
        if game.interaction_only:
            return
        if await self.memberships.gone(game.guild_id, actor.user_id):
            await self.member_left(game.guild_id, actor.user_id)
            raise NoLongerMember()

    async def member_left(self, guild_id: int, user_id: int) -> None:
        """Someone left the server (or their account is gone): their seats are freed."""
        for game_id in await self.service.games_of_member(guild_id, user_id):
            try:
                await self._drop_member(game_id, user_id)
            except ServiceError:
                continue

    async def _drop_member(self, game_id: int, user_id: int) -> None:
        leaving = functools.partial(self.service.leave, game_id, Actor(user_id), None)
        await self.games.change(game_id, leaving, Left(user_id, Departure.LEFT_SERVER))
