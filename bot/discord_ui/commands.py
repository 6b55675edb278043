"""The ``/claimit`` command group (guild-only)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands

from bot.discord_ui import text
from bot.discord_ui.flow import guarded

if TYPE_CHECKING:
    from bot.discord_ui.client import ClaimItBot


class ClaimItCommands(app_commands.Group):
    def __init__(self) -> None:
        super().__init__(name="claimit", description="Play Claim It! here", guild_only=True)

    @app_commands.command(name="new", description="Open a lobby for a new game in this channel")
    @app_commands.describe(
        variant="Rule variant: a claim marker frees the squatter under it (not for 5 players)",
        bots="Computer players to seat at once (0-4)",
        bot_level="How well they play",
    )
    async def new(
        self,
        interaction: discord.Interaction,
        variant: bool = False,
        bots: app_commands.Range[int, 0, 4] = 0,
        bot_level: Literal["easy", "normal", "hard"] = "normal",
    ) -> None:
        flow = _bot(interaction).flow
        await guarded(interaction, flow.new_game(interaction, variant, bots, bot_level))

    @app_commands.command(name="rules", description="The rules, short (only you see them)")
    async def rules(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(text.rules(str(interaction.locale)), ephemeral=True)

    @app_commands.command(name="board", description="Post this channel's game again at the bottom")
    async def board(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, _bot(interaction).flow.show_board(interaction))

    @app_commands.command(
        name="cancel", description="End this channel's game, unrated (host or Manage Messages)"
    )
    async def cancel(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, _bot(interaction).flow.cancel(interaction))


def _bot(interaction: discord.Interaction) -> ClaimItBot:
    return interaction.client  # type: ignore[return-value]
