"""A place that is gone ends or moves its game at once: what the bot does when Discord
tells it that a game's message, channel or thread was deleted, locked or archived."""
