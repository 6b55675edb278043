"""Rematch: a finished game played again by its players, in the same place, with exactly
one new game however many press at once."""

# Imported for its tables, which join the schema as they are declared.
from bot.features.rematch import schema as schema
from bot.features.rematch.service import RematchService
from bot.service.feature_registry import Feature

FEATURE = Feature(service=RematchService)
