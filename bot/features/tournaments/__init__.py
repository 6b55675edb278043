"""Tournaments: their tables are the organiser's to host, and no player's to void."""

from bot.features.tournaments.hooks import TournamentHooks

HOOKS = TournamentHooks()
