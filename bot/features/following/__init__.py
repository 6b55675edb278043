"""Following a game: its rounds and its end told to whoever follows it."""

# Imported for its tables, which join the schema as they are declared.
from bot.features.following import schema as schema
from bot.features.following.settings import FOLLOWING
from bot.service.feature_registry import Feature

FEATURE = Feature(player_settings=(FOLLOWING,))
