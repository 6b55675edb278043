"""Playing: the turn's buttons and menus, ``rules``, ``board``, ``log``, and turns and
lobbies whose time runs out."""

from bot.discord_ui.core.turns.commands import commands
from bot.discord_ui.core.turns.controls import choice_button, menu_select
from bot.discord_ui.core.turns.handlers import Turns
from bot.discord_ui.part import Declaration
from bot.games.face import Choice, Menu

PART = Declaration(Turns, commands=commands, draws={Choice: choice_button, Menu: menu_select})
