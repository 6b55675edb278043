"""What is a player's own across every game: ``/my games``, the games you play here."""

from bot.discord_ui.core.players.commands import own_commands
from bot.discord_ui.core.players.handlers import Players
from bot.discord_ui.part import Declaration

PART = Declaration(Players, own_commands=own_commands)
"""``/my games``, beside the games' groups."""
