"""Leaving a game: ``leave``, ``cancel``, and players who left the server."""

from bot.discord_ui.core.leaving.commands import commands
from bot.discord_ui.core.leaving.handlers import Leaving
from bot.discord_ui.part import Declaration

PART = Declaration(Leaving, commands=commands)
