"""The board: **Open the board** under a table opens the game in the app's Activity, a
board drawn on the player's own device (``bot.activity``) over the same game."""

from bot.service.feature_registry import Feature

FEATURE = Feature()
