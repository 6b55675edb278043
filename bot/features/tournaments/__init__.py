"""Tournaments: their matches are the organiser's to host, and no player's to void."""

# Imported for its database tables, which join the schema as they are declared.
from bot.features.tournaments import schema as schema
from bot.features.tournaments.hooks import TournamentHooks
from bot.features.tournaments.service import TournamentService
from bot.service.feature_registry import Feature

FEATURE = Feature(hooks=TournamentHooks(), service=TournamentService)
