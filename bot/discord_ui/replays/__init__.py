"""Replays of finished games: ``/<game> replay`` and the Replay and Share buttons."""
