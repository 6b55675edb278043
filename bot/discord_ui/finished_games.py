"""What the features showing a finished game to whoever asks share (its replay, its
report): the game a button names, checked against where it was pressed, and whether a
message shared once is still there."""

from __future__ import annotations

import logging

import discord

from bot.service import GameService
from bot.service.errors import GameNotFound, NotHere, NotThisGame
from bot.storage import Game, SharedReplay

log = logging.getLogger(__name__)


async def named_game(
    service: GameService, interaction: discord.Interaction, kind: str, game_id: int
) -> Game:
    """The game a button names, refused unless it is this server's game of ``kind`` (a
    custom_id can be copied anywhere): any other, or none, in the same words, so that
    naming ids tells nobody of another server's games."""
    try:
        game = await service.game(game_id)
    except GameNotFound:
        raise NotHere() from None
    if game.guild_id != interaction.guild_id:
        raise NotHere()
    if game.kind != kind:
        raise NotThisGame()
    return game


async def share_gone(client: discord.Client, share: SharedReplay) -> bool:
    """Whether a shared message was deleted since (a moderator's cleaning): then it may be
    shared again. A message Discord can't say of counts as there."""
    assert share.message_id is not None
    channel = client.get_partial_messageable(share.channel_id)
    try:
        await channel.fetch_message(share.message_id)
    except discord.NotFound:
        return True
    except discord.HTTPException:
        log.info("can't tell whether shared message %s is still there", share.message_id)
    return False
