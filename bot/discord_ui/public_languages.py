"""Which language what a server's channels see is in: a game's public messages, a
server's own notices."""

from __future__ import annotations

import discord

from bot.service import GuildSettingsService
from bot.storage import Game, GuildSettings
from i18n import Language, language


class PublicLanguages:
    """Which language a server's channels, and a game's public messages, are in: the server's
    setting, else its own Discord language."""

    def __init__(self, settings: GuildSettingsService, client: discord.Client) -> None:
        self.settings = settings
        self.client = client

    async def of_server(self, guild_id: int) -> Language:
        """The one a server's admins chose, else the server's own Discord language."""
        return self.chosen(await self.settings.get(guild_id), guild_id)

    def chosen(self, settings: GuildSettings, guild_id: int) -> Language:
        """``of_server`` from the server's settings read already."""
        chosen = settings.language
        if chosen is None:
            guild = self.client.get_guild(guild_id)
            chosen = None if guild is None else str(guild.preferred_locale)
        return language(chosen)

    async def of_game(self, game: Game) -> Language:
        """The one the game was opened in (its public messages stay in it)."""
        if game.language is not None:
            return language(game.language)
        return await self.of_server(game.guild_id)
