"""Drills in Discord: ``/my drills`` and ``/<game> drills``, each drill's options, and
**Next drill**."""

from bot.discord_ui.part import Declaration
from bot.features.drills.discord.commands import commands, my_commands
from bot.features.drills.discord.handlers import Drilling

PART = Declaration(Drilling, commands=commands, my_commands=my_commands)
"""A drill's buttons name the drill and the version they show (never a player: a press
is the presser's own drill's), so that they work after any restart."""
