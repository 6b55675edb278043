"""Playing: the turn's buttons and menus, ``rules``, ``board``, ``log``, and turns and
lobbies whose time runs out."""

from bot.discord_ui.feature import Declaration
from bot.discord_ui.features.turns.commands import commands
from bot.discord_ui.features.turns.controls import choice_button, menu_select
from bot.discord_ui.features.turns.handlers import Turns
from bot.games.face import Choice, Menu

FEATURE = Declaration(Turns, commands=commands, draws={Choice: choice_button, Menu: menu_select})
