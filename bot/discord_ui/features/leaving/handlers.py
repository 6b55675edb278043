"""Leaving a game: ``leave`` (a computer player takes the seat of a game under way),
``cancel`` (the host or a moderator ends it unrated), and a player who left the
server (``bot.discord_ui.departures``)."""

from __future__ import annotations

import discord

from bot.discord_ui import game_notes
from bot.discord_ui.commanded_game import game_meant
from bot.discord_ui.feature import Feature
from bot.discord_ui.game_messages import Recorded
from bot.discord_ui.interaction_answers import tell
from bot.discord_ui.interactions import actor_of, reader
from bot.games.escaping import escaped
from bot.storage import Game, GameStatus


class Leaving(Feature):
    """Games that go on without someone: ``cancel``, ``leave``, a player who left the
    server."""

    async def cancel(self, interaction: discord.Interaction, kind: str) -> None:
        """``/<game> cancel``: the host (or a moderator) ends the channel's game, unrated."""
        found = await game_meant(self.service, interaction, kind)
        who = escaped(interaction.user.display_name)

        async def show(game: Game) -> Recorded:
            lang = await self.languages.of_game(game)
            said = game_notes.cancelled(game, who, lang)
            await tell(interaction, reader(interaction)._("You cancelled the game."))
            return await self.context.lobbies.show(game) | await self.games.close(game, said, lang)

        await self.games.change(
            found.id,
            lambda: self.service.cancel(found.id, actor_of(interaction, kind)),
            show,
            interaction,
        )

    async def leave(self, interaction: discord.Interaction, kind: str) -> None:
        """``/<game> leave``: the asker leaves the channel's game; in a running game a computer
        player takes their seat."""
        found = await game_meant(self.service, interaction, kind)

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
                return await self.context.lobbies.show(game)
            seat = game.seat_left_by(interaction.user.id)
            lang = await self.languages.of_game(game)
            note = game_notes.takeover_note(game, seat, game_notes.Departure.LEFT_GAME, lang)
            # The leaver reads what the table now says, in their own language.
            mine = reader(interaction)
            await tell(
                interaction,
                game_notes.takeover_note(game, seat, game_notes.Departure.LEFT_GAME, mine),
            )
            return await self.games.show_current(game, note)

        await self.games.change(
            found.id,
            lambda: self.service.leave(found.id, actor_of(interaction, kind), None),
            show,
            interaction,
        )

    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """Someone left the server (or their account is gone): their seats are freed."""
        await self.context.departures.left(payload.guild_id, payload.user.id)
