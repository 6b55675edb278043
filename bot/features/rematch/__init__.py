"""Rematch: a finished game played again by its players, in the same place, with exactly
one new game however many press at once."""

from bot.features.rematch.service import RematchService
from bot.service.feature_registry import Feature

FEATURE = Feature(service=RematchService)
