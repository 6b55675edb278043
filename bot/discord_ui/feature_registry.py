"""Every Discord feature of the bot, found by its declaration (``bot.discord_ui.feature``):
each package under ``bot/discord_ui/features/`` declares its ``FEATURE`` and is found by
walking the folder; ``ORDER`` there says only in which order they come."""

from __future__ import annotations

import bot.discord_ui.features
from bot.discord_ui.feature import Declaration, drawing
from bot.discord_ui.message_hooks import ControlDrawing
from bot.discovery import declared


def discovered() -> tuple[Declaration, ...]:
    """The declarations of the feature packages, in the features' order. Read when a bot
    is made, so that a package put beside them (a test's) is found too."""
    features = bot.discord_ui.features
    return declared(features, "FEATURE", Declaration, features.ORDER)


def controls_drawn() -> ControlDrawing:
    """How the controls a game's face describes are drawn, by the features found."""
    return drawing(discovered())
