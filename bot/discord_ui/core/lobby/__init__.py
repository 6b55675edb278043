"""Opening a game: ``new``, and what the lobby's buttons and computer-player menus do."""

from bot.discord_ui.core.lobby.commands import commands
from bot.discord_ui.core.lobby.handlers import Lobbies
from bot.discord_ui.part import Declaration

PART = Declaration(Lobbies, commands=commands)
