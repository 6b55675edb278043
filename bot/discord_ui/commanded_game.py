"""The game a command typed in a channel or thread means, and whether a game can be posted
there at all."""

from __future__ import annotations

import discord

from bot.discord_ui.interaction_answers import tell
from bot.discord_ui.interactions import reader
from bot.discord_ui.permissions import missing_permissions_message
from bot.games.faces import face_for
from bot.service import GameService
from bot.service.errors import NoGameHere, WhichGame
from bot.storage import Game


async def game_meant(service: GameService, interaction: discord.Interaction, kind: str) -> Game:
    """The game of ``kind`` a command typed here means: the one played in this channel
    or thread, or else the one started from this channel into its own thread."""
    assert interaction.channel_id is not None
    games = await service.games_here(interaction.channel_id, kind)
    here = [g for g in games if interaction.channel_id in (g.place_id, g.thread_id)]
    if len(here) == 1:
        return here[0]
    if len(games) == 1:
        return games[0]
    if not games:
        face = face_for(kind)
        raise NoGameHere(face.title, face.command)
    raise WhichGame([g.place_id for g in games])


async def cannot_post(interaction: discord.Interaction) -> bool:
    """Whether the bot lacks a permission to post a game here; the asker is told which."""
    refusal = missing_permissions_message(interaction.app_permissions, reader(interaction))
    if refusal:
        await tell(interaction, refusal)
    return refusal is not None
