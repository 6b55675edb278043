"""Seasons: a server's ladders counted per season (``windows``: seasons as windows of
time), and each season's end told once."""

from bot.features.seasons.settings import SETTINGS
from bot.service.feature_registry import DiscordPart, Feature

FEATURE = Feature(
    settings=SETTINGS,
    discord=DiscordPart(slots=("leaderboard_default", "leaderboard_views", "leaderboard_view")),
)
