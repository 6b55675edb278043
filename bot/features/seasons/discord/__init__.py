"""Seasons: the end of each season of a game announced once in its server, with its
podium, and each season's standings a view of the ladder's leaderboard
(``/<game> leaderboard season:``, offered through ``Adds.leaderboard_views``)."""

from bot.discord_ui.part import Declaration
from bot.features.seasons.discord.handlers import SeasonEnds

PART = Declaration(SeasonEnds)
