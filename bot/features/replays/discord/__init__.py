"""Replays of finished games: ``/<game> replay`` and the Replay and Share buttons."""

from bot.discord_ui.finished_games import finished_game_commands
from bot.discord_ui.part import Declaration
from bot.features.replays.discord.handlers import Replays
from i18n import N_

WATCH = N_("Watch a finished game again as an animation (only you see it)")
"""What ``/<game> replay`` does, as Discord lists it."""

PART = Declaration(Replays, commands=finished_game_commands(N_("replay"), WATCH, Replays.of))
