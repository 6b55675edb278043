"""Seasons: a server's ladders counted per season (``windows``: seasons as windows of
time), and each season's end told once."""

# Imported for its tables, which join the schema as they are declared.
from bot.features.seasons import schema as schema
from bot.features.seasons.settings import SETTINGS
from bot.service.feature_registry import Feature

FEATURE = Feature(settings=SETTINGS)
