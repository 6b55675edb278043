"""Every feature's part in the core's changes, found by its declaration: each package
under ``bot/features/`` declares its ``HOOKS`` (``bot.service.game_hooks``) and is found
by walking the folder; ``ORDER`` there says only in which order they are called."""

from __future__ import annotations

import bot.features
from bot.discovery import declared
from bot.service.game_hooks import GameHooks, Hooks


def discovered() -> Hooks:
    """The hooks of the feature packages, in the features' order. Read when a service is
    made, so that a package put beside them (a test's) is found too."""
    features = bot.features
    return Hooks(declared(features, "HOOKS", GameHooks, features.ORDER))
