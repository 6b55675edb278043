"""A place that is gone ends or moves its game at once: what the bot does when Discord
tells it that a game's message, channel or thread was deleted, locked or archived."""

from bot.discord_ui.feature import Declaration
from bot.discord_ui.features.places_gone.handlers import PlacesGone

FEATURE = Declaration(PlacesGone)
