"""Replays: a finished game's replay, made once, shown to whoever asks and shared in a
channel once."""

from bot.features.replays.service import ReplayService
from bot.service.feature_registry import DiscordPart, Feature

FEATURE = Feature(service=ReplayService, discord=DiscordPart(slots=("result_rows",)))
