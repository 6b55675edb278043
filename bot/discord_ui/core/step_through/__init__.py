"""Stepping through a finished game, one move at a time: the replay opens it at the
start, the report of what decided the game at the decision it names."""

from bot.discord_ui.core.step_through.handlers import StepThrough
from bot.discord_ui.part import Declaration

PART = Declaration(StepThrough)
