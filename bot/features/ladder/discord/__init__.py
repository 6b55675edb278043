"""The server's ladder of each game: ``leaderboard``, ``stats``, ``history``, ``recompute``,
and the leaderboard's page buttons."""

from bot.discord_ui.part import Declaration
from bot.features.ladder.discord.commands import commands
from bot.features.ladder.discord.handlers import Ladder

PART = Declaration(Ladder, commands=commands)
