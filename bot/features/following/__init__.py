"""Following a game: its rounds and its end told to whoever follows it."""

from bot.features.following.settings import FOLLOWING
from bot.service.feature_registry import Feature

FEATURE = Feature(player_settings=(FOLLOWING,))
