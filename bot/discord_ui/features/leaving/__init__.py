"""Leaving a game: ``leave``, ``cancel``, and players who left the server."""

from bot.discord_ui.feature import Declaration
from bot.discord_ui.features.leaving.commands import commands
from bot.discord_ui.features.leaving.handlers import Leaving

FEATURE = Declaration(Leaving, commands=commands)
