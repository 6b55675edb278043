"""Reliability: each player's record of the games they saw to the end, shown beside their
name in lobbies and on ``/<game> stats``, and the minimum a lobby asks of whoever joins."""

from bot.discord_ui.part import Declaration
from bot.features.reliability.discord.handlers import Reliabilities
from bot.features.reliability.discord.lobby_options import NEW_OPTIONS

PART = Declaration(Reliabilities, new_options=NEW_OPTIONS)
