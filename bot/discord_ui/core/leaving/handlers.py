"""Leaving a game: ``leave`` (a computer player takes the seat of a game under way),
``cancel`` (the host or a moderator ends it unrated), and a player who left the
server (``bot.discord_ui.departures``)."""

from __future__ import annotations

import functools

import discord

from bot.discord_ui.commanded_game import game_meant
from bot.discord_ui.game_notes import Departure
from bot.discord_ui.interactions import actor_of
from bot.discord_ui.part import Part
from bot.discord_ui.table_asks import Cancelled, Left
from bot.games.escaping import escaped


class Leaving(Part):
    """Games that go on without someone: ``cancel``, ``leave``, a player who left the
    server."""

    in_conversations = True

    async def cancel(self, interaction: discord.Interaction, kind: str) -> None:
        """``/<game> cancel``: the host (or a moderator) ends the channel's game, unrated."""
        found = await game_meant(self.service, interaction, kind)
        who = escaped(interaction.user.display_name)
        cancelling = functools.partial(self.service.cancel, found.id, actor_of(interaction, kind))
        await self.games.change(found.id, cancelling, Cancelled(who), interaction)

    async def leave(self, interaction: discord.Interaction, kind: str) -> None:
        """``/<game> leave``: the asker leaves the channel's game; in a running game a computer
        player takes their seat."""
        found = await game_meant(self.service, interaction, kind)
        leaving = functools.partial(self.service.leave, found.id, actor_of(interaction, kind), None)
        left = Left(interaction.user.id, Departure.LEFT_GAME)
        await self.games.change(found.id, leaving, left, interaction)

    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """Someone left the server (or their account is gone): their seats are freed."""
        await self.context.departures.left(payload.guild_id, payload.user.id)
