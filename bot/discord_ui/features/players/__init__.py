"""What is a player's own across every game: ``/my games``, the games you play here."""

from bot.discord_ui.feature import Declaration
from bot.discord_ui.features.players.commands import own_commands
from bot.discord_ui.features.players.handlers import Players

FEATURE = Declaration(Players, own_commands=own_commands)
"""``/my games``, beside the games' groups."""
