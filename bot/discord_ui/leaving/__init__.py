"""Leaving a game: ``leave``, ``cancel``, and players who left the server."""
