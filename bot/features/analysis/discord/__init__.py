"""What decided it: ``/<game> analysis`` and the What decided it and Share buttons."""

from bot.discord_ui.part import Declaration
from bot.features.analysis.discord.commands import commands
from bot.features.analysis.discord.handlers import Reports

PART = Declaration(Reports, commands=commands)
