"""Replays of finished games: ``/<game> replay`` and the Replay and Share buttons."""

from bot.discord_ui.feature import Declaration
from bot.discord_ui.features.replays.commands import commands
from bot.discord_ui.features.replays.handlers import Replays

FEATURE = Declaration(Replays, commands=commands)
