"""The one place an interaction's client is taken to be this bot, for the slash
commands' handlers (the components hand their presses over through ``buttons``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

import discord

if TYPE_CHECKING:
    from bot.discord_ui.flow import GameFlow
    from bot.discord_ui.ladder_answers import LadderAnswers


@runtime_checkable
class Host(Protocol):
    """What a command's handler asks of the bot."""

    flow: GameFlow
    ladder_answers: LadderAnswers


def game_bot(interaction: discord.Interaction) -> Host:
    """The bot the interaction came to."""
    client = interaction.client
    if not isinstance(client, Host):
        raise TypeError(f"{type(client).__name__} hosts no games")
    return client
