"""Tournaments: their matches are the organiser's to host, and no player's to void."""

from bot.features.tournaments.hooks import TournamentHooks
from bot.features.tournaments.service import TournamentService
from bot.service.feature_registry import Feature

FEATURE = Feature(hooks=TournamentHooks(), service=TournamentService)
