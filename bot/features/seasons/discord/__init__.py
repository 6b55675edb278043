"""Seasons: the end of each season of a game announced once in its server, with its
podium (``/<game> leaderboard season:`` is the ladder's)."""

from bot.discord_ui.part import Declaration
from bot.features.seasons.discord.handlers import SeasonEnds

PART = Declaration(SeasonEnds)
