"""Playing: the turn's buttons and menus, ``rules``, ``board``, ``log``, and turns and
lobbies whose time runs out."""

from bot.discord_ui.feature import Declaration
from bot.discord_ui.features.turns.commands import commands
from bot.discord_ui.features.turns.handlers import Turns

FEATURE = Declaration(Turns, position=2, commands=commands)
