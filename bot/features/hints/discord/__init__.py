"""Hints: the lobby's option, a game's note that it has them (lobby, table, result), and
💡 **Hint** under its table, answered to the player to act alone."""

from bot.discord_ui.part import Declaration
from bot.features.hints.discord.handlers import Hints
from bot.features.hints.discord.lobby_options import NEW_OPTIONS

PART = Declaration(Hints, new_options=NEW_OPTIONS)
