"""Opening a game: ``new``, and what the lobby's buttons and computer-player menus do."""

from bot.discord_ui.feature import Declaration
from bot.discord_ui.features.lobby.commands import commands
from bot.discord_ui.features.lobby.handlers import Lobbies

FEATURE = Declaration(Lobbies, commands=commands)
