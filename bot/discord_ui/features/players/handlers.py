"""``/my games``: every lobby and game of any kind the asker plays in this server, those
waiting on them first, each with whose turn it is, how long is left and a link to its
table; shown to them alone."""

from __future__ import annotations

import discord

from bot.discord_ui.cards import sent
from bot.discord_ui.feature import Feature
from bot.discord_ui.features.players.listing import my_games_card
from bot.discord_ui.interactions import reader


class Players(Feature):
    """What is a player's own across every game."""

    async def my_games(self, interaction: discord.Interaction) -> None:
        """``/my games``, privately."""
        assert interaction.guild_id is not None
        service = self.table.service
        ids = await service.games_of_member(interaction.guild_id, interaction.user.id)
        games = [await service.game(game_id) for game_id in ids]
        card = my_games_card(games, interaction.user.id, reader(interaction))
        await interaction.response.send_message(**sent(card), ephemeral=True)
