"""``/my games``: every lobby and game of any kind the asker plays in this server, those
waiting on them first, each with whose turn it is, how long is left and a link to its
table; ``/my settings``: how their turn reaches them, in every server. Both shown to them
alone."""

from __future__ import annotations

import discord

from bot.discord_ui.cards import Card, sent
from bot.discord_ui.feature import Feature
from bot.discord_ui.features.players.listing import my_games_card
from bot.discord_ui.interactions import reader
from bot.games.face import GOLD
from bot.storage import Notify, PlayerSettings
from i18n import Language, language

DISCORD_LANGUAGE = "discord"
"""The language setting that takes the one the player's Discord is in when they choose."""


class Players(Feature):
    """What is a player's own across every game."""

    async def my_games(self, interaction: discord.Interaction) -> None:
        """``/my games``, privately: in a server, the asker's games there; in a direct
        message, in every server they share with the bot, each named."""
        service = self.table.service
        user = interaction.user.id
        if interaction.guild_id is None:
            ids = await service.games_of_user(user)
        else:
            ids = await service.games_of_member(interaction.guild_id, user)
        games = [await service.game(game_id) for game_id in ids]
        servers = None
        if interaction.guild_id is None:
            servers = {game.guild_id: self._server_name(game.guild_id) for game in games}
        card = my_games_card(games, user, reader(interaction), servers)
        await interaction.response.send_message(**sent(card), ephemeral=True)

    def _server_name(self, guild_id: int) -> str:
        guild = self.table.client.get_guild(guild_id)
        return guild.name if guild is not None else str(guild_id)

    async def my_settings(
        self, interaction: discord.Interaction, notify: Notify | None, written: str | None
    ) -> None:
        """``/my settings``: as they are, or changed. The direct messages are in the
        language chosen, or (``DISCORD_LANGUAGE``, and whenever ``notify`` is chosen
        without one) the one the asker's Discord is in now."""
        players = self.table.service.players
        user = interaction.user.id
        lang = reader(interaction)
        if notify is None and written is None:
            settings = await players.get(user)
            said = None
        else:
            now = await players.get(user)
            locale = str(interaction.locale) if written in (None, DISCORD_LANGUAGE) else written
            settings = await players.set_notify(user, notify or now.notify, locale)
            said = lang._("Saved.")
        card = settings_card(settings, lang, said)
        await interaction.response.send_message(**sent(card), ephemeral=True)


def settings_card(settings: PlayerSettings, lang: Language, said: str | None) -> Card:
    """A player's settings in words, with how to change them."""
    how = {
        Notify.CHANNEL: lang._("a ping in the game's channel, as its server pings"),
        Notify.DM: lang._("a direct message from the bot, and no ping in the channel"),
        Notify.BOTH: lang._("a direct message and a ping in the game's channel"),
        Notify.NONE: lang._("nothing: you look at your games yourself (/my games)"),
    }[settings.notify]
    lines = [lang._("**Your turn reaches you:** {how}.", how=how)]
    if settings.notify.by_dm:
        spoken = language(settings.locale)
        written = spoken.locale.get_display_name(lang.locale) or spoken.code
        lines.append(lang._("**Direct messages in:** {language}.", language=written))
        if settings.dms_closed:
            lines.append(
                lang._(
                    "Your direct messages are closed to this bot, so you are pinged in the "
                    "channel instead. Open them (the server's Privacy Settings), then choose "
                    "again."
                )
            )
    lines.append(lang._("Change it with /my settings notify."))
    return Card(title=lang._("⚙️ Your settings"), text="\n".join(lines), accent=GOLD, note=said)
