"""``/server settings`` and each game's ``settings``: how a server runs its games."""

from bot.discord_ui.core.settings.commands import commands, own_commands
from bot.discord_ui.core.settings.handlers import ServerSettings
from bot.discord_ui.part import Declaration

PART = Declaration(ServerSettings, commands=commands, own_commands=own_commands)
