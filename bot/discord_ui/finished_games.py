"""What the features showing a finished game to whoever asks share (its replay, its
report): their command naming the game by its number, the game a button names, checked
against where it was pressed, and whether a message shared once is still there."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Protocol

import discord
from discord import app_commands

from bot.discord_ui.command_parts import Command, Option, command
from bot.games.face import GameFace
from bot.games.rules import AnyRules
from bot.service import GameService
from bot.service.errors import GameNotFound, NotHere, NotThisGame
from bot.storage import Game, SharedReplay
from i18n import N_

log = logging.getLogger(__name__)

GAME_NUMBER = Option(
    N_("game"),
    app_commands.Range[int, 1, 1_000_000_000] | None,
    N_("The game's number in this server (the last one here if unset)"),
)


class AsksOfFinished(Protocol):
    """A feature answering its command on a finished game."""

    async def command(
        self, interaction: discord.Interaction, kind: str, number: int | None
    ) -> None:
        """The server's game of ``kind`` numbered ``number``, or the last one finished in
        the channel asked in."""


def finished_game_commands(
    name: str, description: str, part: Callable[[discord.Interaction], AsksOfFinished]
) -> Callable[[AnyRules, GameFace], list[Command]]:
    """A feature's command ``name`` in each game's group, taking a game's number
    (``GAME_NUMBER``), answered by the ``command`` of ``part`` (the feature in the bot an
    interaction came to)."""

    def commands(rules: AnyRules, face: GameFace) -> list[Command]:
        kind = rules.kind

        async def asked(interaction: discord.Interaction, game: int | None = None) -> None:
            await part(interaction).command(interaction, kind, game)

        return [command(name, description, asked, [GAME_NUMBER])]

    return commands


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
