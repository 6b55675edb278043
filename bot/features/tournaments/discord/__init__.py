"""Tournaments: a server's own, announced with ``/tournament create``, signed up to with
the announcement's button, and played round by round by themselves, each match a game
in a thread of its own, the announcement showing the standings until the winner."""

from bot.discord_ui.part import Declaration
from bot.features.tournaments.discord.commands import own_commands
from bot.features.tournaments.discord.handlers import Tournaments

PART = Declaration(Tournaments, own_commands=own_commands)
