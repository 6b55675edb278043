"""Replays: a finished game's replay, made once, shown to whoever asks and shared in a
channel once."""

# Imported for its tables, which join the schema as they are declared.
from bot.features.replays import schema as schema
from bot.features.replays.service import ReplayService
from bot.service.feature_registry import Feature

FEATURE = Feature(service=ReplayService)
