"""What decided it: ``/<game> analysis`` and the What decided it and Share buttons."""

from bot.discord_ui.finished_games import finished_game_commands
from bot.discord_ui.part import Declaration
from bot.features.analysis.discord.handlers import Reports
from i18n import N_

DECIDED = N_("What decided a finished game: each player's luck beside their decisions")
"""What ``/<game> analysis`` does, as Discord lists it."""

PART = Declaration(Reports, commands=finished_game_commands(N_("analysis"), DECIDED, Reports.of))
