"""Where a game's messages are: its lobby in the channel, its turns in its thread (if it
has one) or the channel. A deleted thread sends the game back to its channel."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.discord_ui.surfaces import ChannelSurface, Post
from bot.service import GameService
from bot.storage import Game

log = logging.getLogger(__name__)


class GamePlaces:
    def __init__(self, client: discord.Client, service: GameService) -> None:
        self.client = client
        self.service = service

    async def post(self, game: Game, **message: Any) -> discord.Message:
        if game.thread_id is not None:
            try:
                return await self.client.get_partial_messageable(game.thread_id).send(**message)
            except discord.NotFound:
                log.info("the thread of game %s is gone; back to its channel", game.id)
                await self.service.set_thread(game.id, None)
                for file in [message.get("file"), *message.get("files", [])]:
                    if file is not None:
                        file.reset()
        return await self.client.get_partial_messageable(game.channel_id).send(**message)

    def surface(self, game: Game) -> ChannelSurface:
        """The game's turn message, edited in place (or posted afresh if it is gone)."""
        message = None
        if game.turn_message_id is not None:
            message = self.client.get_partial_messageable(game.place_id).get_partial_message(
                game.turn_message_id
            )

        async def replaced(message_id: int) -> None:
            await self.service.set_turn_message(game.id, message_id)

        return ChannelSurface(self.poster(game), message, replaced)

    def poster(self, game: Game) -> Post:
        """``post`` for this game, as surfaces take it."""

        async def post(**content: Any) -> discord.Message:
            return await self.post(game, **content)

        return post

    async def edit_lobby(self, game: Game, **content: Any) -> None:
        if game.lobby_message_id is None:
            return
        channel = self.client.get_partial_messageable(game.channel_id)
        try:
            await channel.get_partial_message(game.lobby_message_id).edit(**content)
        except discord.HTTPException:
            log.info("could not update the lobby message of game %s", game.id)

    async def strip_buttons(self, game: Game) -> None:
        """Takes the buttons off the game's lobby and turn messages."""
        await self.edit_lobby(game, view=None)
        if game.turn_message_id is None:
            return
        for place in {game.place_id, game.channel_id}:
            message = self.client.get_partial_messageable(place).get_partial_message(
                game.turn_message_id
            )
            try:
                await message.edit(view=None)
                return
            except discord.HTTPException:
                continue
        log.info("could not remove the buttons of game %s's turn message", game.id)
