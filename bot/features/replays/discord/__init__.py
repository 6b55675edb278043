"""Replays of finished games: ``/<game> replay`` and the Replay and Share buttons."""

from bot.discord_ui.part import Declaration
from bot.features.replays.discord.commands import commands
from bot.features.replays.discord.handlers import Replays

PART = Declaration(Replays, commands=commands)
