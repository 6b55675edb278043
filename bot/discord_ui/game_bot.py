"""The one place an interaction's client is taken to be this bot, for the slash
commands' handlers (the components hand their presses over through ``components``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

import discord

if TYPE_CHECKING:
    from bot.discord_ui.ladder.handlers import LadderAnswers
    from bot.discord_ui.leaving.handlers import Leaving
    from bot.discord_ui.lobby.handlers import Lobbies
    from bot.discord_ui.replays.handlers import Replays
    from bot.discord_ui.table import GameTable
    from bot.discord_ui.turns.handlers import Turns


@runtime_checkable
class Host(Protocol):
    """What a command's handler asks of the bot: the feature it belongs to."""

    table: GameTable
    lobbies: Lobbies
    turns: Turns
    leaving: Leaving
    ladder_answers: LadderAnswers
    replays: Replays


def game_bot(interaction: discord.Interaction) -> Host:
    """The bot the interaction came to."""
    client = interaction.client
    if not isinstance(client, Host):
        raise TypeError(f"{type(client).__name__} hosts no games")
    return client
