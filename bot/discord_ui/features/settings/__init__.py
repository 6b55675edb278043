"""``/server settings`` and each game's ``settings``: how a server runs its games."""

from bot.discord_ui.feature import Declaration
from bot.discord_ui.features.settings.commands import commands, own_commands
from bot.discord_ui.features.settings.handlers import ServerSettings

FEATURE = Declaration(ServerSettings, commands=commands, own_commands=own_commands)
