"""``/my``: one group, not per game, for what is a player's own across the games."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.discord_ui.command_parts import command
from bot.discord_ui.features.players.handlers import Players
from i18n import N_


def own_commands() -> list[app_commands.Group]:
    """``/my games``."""

    async def games(interaction: discord.Interaction) -> None:
        await Players.of(interaction).my_games(interaction)

    group = app_commands.Group(
        name=locale_str(N_("my")),
        description=locale_str(N_("Your own games, whatever their kind")),
        guild_only=True,
    )
    group.add_command(
        command(
            N_("games"),
            N_("The games you play in this server: whose turn it is and how long is left"),
            games,
        )
    )
    return [group]
