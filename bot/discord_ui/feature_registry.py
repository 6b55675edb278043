"""Every Discord feature of the bot, found by its declaration (``bot.discord_ui.feature``):
each package under ``bot/discord_ui/features/`` declares its ``FEATURE``, and nothing
else lists them."""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

import bot.discord_ui.features
from bot.discord_ui.feature import Declaration


class NotAFeature(TypeError):
    """A package under ``bot/discord_ui/features/`` that declares no ``FEATURE``."""


def discovered(features: ModuleType = bot.discord_ui.features) -> tuple[Declaration, ...]:
    """The declarations of the packages in ``features``, in the order of their positions.
    Read when a bot is made, so that a package put beside them (a test's) is found too."""
    found = []
    for module in pkgutil.iter_modules(features.__path__):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"{features.__name__}.{module.name}")
        declared = getattr(package, "FEATURE", None)
        if not isinstance(declared, Declaration):
            raise NotAFeature(f"{package.__name__} declares no FEATURE = Declaration(...)")
        found.append(declared)
    return tuple(sorted(found, key=lambda declared: declared.position))
