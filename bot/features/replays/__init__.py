"""Replays: a finished game's replay, shared in a channel once."""

# Imported for its tables, which join the schema as they are declared.
from bot.features.replays import schema as schema
from bot.service.feature_registry import Feature

FEATURE = Feature()
