"""The server's ladder of each game: ``leaderboard``, ``stats``, ``history``, ``recompute``,
and the leaderboard's page buttons."""

from bot.discord_ui.feature import Declaration
from bot.discord_ui.features.ladder.commands import commands
from bot.discord_ui.features.ladder.handlers import Ladder

FEATURE = Declaration(Ladder, commands=commands)
