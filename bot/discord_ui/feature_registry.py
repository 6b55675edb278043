"""Every Discord feature of the bot, found by its declaration (``bot.discord_ui.feature``):
each package under ``bot/discord_ui/features/`` declares its ``FEATURE``, and so does
the Discord part of a feature's folder (``bot/features/<name>/discord/``); both are
found by walking their folders, and the ``ORDER`` of each says only in which order
they come (the Discord layer's own packages first)."""

from __future__ import annotations

import bot.discord_ui.features
import bot.features
from bot.discord_ui.feature import Declaration, drawing
from bot.discord_ui.message_hooks import ControlDrawing
from bot.discovery import declared


def discovered() -> tuple[Declaration, ...]:
    """The declarations of the feature packages, in the features' order. Read when a bot
    is made, so that a package put beside them (a test's) is found too."""
    features, folders = bot.discord_ui.features, bot.features
    return (
        *declared(features, "FEATURE", Declaration, features.ORDER),
        *declared(folders, "FEATURE", Declaration, folders.ORDER, part="discord"),
    )


def controls_drawn() -> ControlDrawing:
    """How the controls a game's face describes are drawn, by the features found."""
    return drawing(discovered())
