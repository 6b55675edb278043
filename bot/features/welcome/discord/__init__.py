"""The welcome in Discord: posted once when the bot joins a server."""

from bot.discord_ui.part import Declaration
from bot.features.welcome.discord.handlers import Welcome

PART = Declaration(Welcome)
