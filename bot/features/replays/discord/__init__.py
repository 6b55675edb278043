"""Replays of finished games: ``/<game> replay`` and the Replay and Share buttons."""

from bot.discord_ui.feature import Declaration
from bot.features.replays.discord.commands import commands
from bot.features.replays.discord.handlers import Replays

FEATURE = Declaration(Replays, commands=commands)
