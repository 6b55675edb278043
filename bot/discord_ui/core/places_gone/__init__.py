"""A place that is gone ends or moves its game at once: what the bot does when Discord
tells it that a game's message, channel or thread was deleted, locked or archived."""

from bot.discord_ui.core.places_gone.handlers import PlacesGone
from bot.discord_ui.part import Declaration

PART = Declaration(PlacesGone)
