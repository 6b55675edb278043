"""Tournaments: their matches are the organiser's to host, and no player's to void."""

from bot.features.tournaments.hooks import TournamentHooks
from bot.features.tournaments.service import TournamentService
from bot.service.feature_registry import DiscordPart, Feature

FEATURE = Feature(
    hooks=TournamentHooks(),
    moments=("cancelling",),
    service=TournamentService,
    discord=DiscordPart(
        slots=("stats_lines", "history_notes", "my_games_lines"), events=("game_ended",)
    ),
)
