"""Every Discord part of the bot: the core's own (``bot.discord_ui.core``), then each
feature's, found by its declaration (``bot.discord_ui.part``): the Discord part of a
feature's folder (``bot/features/<name>/discord/``) declares its ``PART``, and is found
by walking the features' folder, in its ``ORDER``."""

from __future__ import annotations

from bot.discord_ui.core import CORE
from bot.discord_ui.message_hooks import ControlDrawing
from bot.discord_ui.part import Declaration, check_parts, drawing, features_parts


def discovered() -> tuple[Declaration, ...]:
    """The core's parts, then the features' Discord parts in the features' order, each
    held against what its feature's ``FEATURE`` names (``check_parts``). Read when a bot
    is made, so that a feature put beside them (a test's) is found too."""
    check_parts()
    return (*CORE, *features_parts())


def controls_drawn() -> ControlDrawing:
    """How the controls a game's face describes are drawn, by the parts found."""
    return drawing(discovered())
