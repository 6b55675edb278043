"""Leaving a game: ``leave`` (a computer player takes the seat of a game under way),
``cancel`` (the host or a moderator ends it unrated), and a player who left the
server."""

from __future__ import annotations

import discord

from bot.discord_ui import text
from bot.discord_ui.commanded_game import game_meant
from bot.discord_ui.feature import Core, Feature
from bot.discord_ui.features.leaving.memberships import Memberships
from bot.discord_ui.interactions import actor_of, reader
from bot.discord_ui.places import Recorded
from bot.discord_ui.surfaces import tell
from bot.games.escaping import escaped
from bot.service import Actor, ServiceError
from bot.service.errors import NoLongerMember
from bot.storage import Game, GameStatus


class Leaving(Feature):
    """Games that go on without someone: ``cancel``, ``leave``, a player who left the
    server."""

    def __init__(self, core: Core) -> None:
        super().__init__(core)
        self.memberships = Memberships(core.table.client, core.clock)

    async def cancel(self, interaction: discord.Interaction, kind: str) -> None:
        """``/<game> cancel``: the host (or a moderator) ends the channel's game, unrated."""
        found = await game_meant(self.table.service, interaction, kind)
        who = escaped(interaction.user.display_name)

        async def show(game: Game) -> Recorded:
            lang = await self.table.languages.of_game(game)
            said = text.cancelled(game, who, lang)
            await tell(interaction, reader(interaction)._("You cancelled the game."))
            return await self.table.lobbies.show(game) | await self.table.close(game, said, lang)

        await self.table.change(
            found.id,
            lambda: self.table.service.cancel(found.id, actor_of(interaction, kind)),
            show,
            interaction,
        )

    async def leave(self, interaction: discord.Interaction, kind: str) -> None:
        """``/<game> leave``: the asker leaves the channel's game; in a running game a computer
        player takes their seat."""
        found = await game_meant(self.table.service, interaction, kind)

        async def show(game: Game) -> Recorded:
            if found.status is GameStatus.LOBBY:
                closed = game.status is GameStatus.CANCELLED
                mine = reader(interaction)
                await tell(
                    interaction,
                    mine._("You left the lobby. It was empty, so it closed.")
                    if closed
                    else mine._("You left the lobby."),
                )
                return await self.table.lobbies.show(game)
            seat = game.seat_left_by(interaction.user.id)
            lang = await self.table.languages.of_game(game)
            note = text.takeover_note(game, seat, text.Departure.LEFT_GAME, lang)
            # The leaver reads what the table now says, in their own language.
            mine = reader(interaction)
            await tell(interaction, text.takeover_note(game, seat, text.Departure.LEFT_GAME, mine))
            return await self.table.show_current(game, note)

        await self.table.change(
            found.id,
            lambda: self.table.service.leave(found.id, actor_of(interaction, kind), None),
            show,
            interaction,
        )

    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """Someone left the server (or their account is gone): their seats are freed."""
        self.memberships.left(payload.guild_id, payload.user.id)
        await self.member_left(payload.guild_id, payload.user.id)

    async def require_member(self, game_id: int, actor: Actor) -> None:
        """Before a press from a direct message, which says nothing of which servers the
        presser is in: refused (``NoLongerMember``) when the game's server no longer has
        them, their seats there going to computer players as when they leave. Someone
        who plays no seat of the game is refused as the service refuses them there, in
        the same words whatever the id names, and never looked up."""
        assert actor.user_id is not None
        game = await self.table.service.game_for(game_id, actor)
        if await self.memberships.gone(game.guild_id, actor.user_id):
            await self.member_left(game.guild_id, actor.user_id)
            raise NoLongerMember()

    async def member_left(self, guild_id: int, user_id: int) -> None:
        """Someone left the server (or their account is gone): their seats are freed."""
        for game_id in await self.table.service.games_of_member(guild_id, user_id):
            try:
                await self._drop_member(game_id, user_id)
            except ServiceError:
                continue

    async def _drop_member(self, game_id: int, user_id: int) -> None:
        before = await self.table.service.game(game_id)

        async def show(game: Game) -> Recorded:
            if before.status is GameStatus.LOBBY:
                return await self.table.show_current(game)
            lang = await self.table.languages.of_game(game)
            seat = game.seat_left_by(user_id)
            note = text.takeover_note(game, seat, text.Departure.LEFT_SERVER, lang)
            return await self.table.show_current(game, note)

        await self.table.change(
            game_id, lambda: self.table.service.leave(game_id, Actor(user_id), None), show
        )
