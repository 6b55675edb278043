"""One slash-command group per registered game (guild-only): ``/claimit new``,
``/nuggets rules``… Every group has the same commands, each declared by its feature;
a game's own rule options become options of its ``new`` and ``settings``."""

from __future__ import annotations

from collections.abc import Sequence

from discord import app_commands

from bot.discord_ui.command_parts import localized
from bot.discord_ui.feature import Declaration
from bot.discord_ui.feature_registry import discovered
from bot.games.face import GameFace
from bot.games.rules import AnyRules
from i18n import N_


def game_commands(
    rules: AnyRules, face: GameFace, declared: Sequence[Declaration] | None = None
) -> app_commands.Group:
    """A game's group, with every feature's commands (of ``declared``, or of every
    feature found) in the features' order."""
    group = app_commands.Group(
        name=face.command,
        description=localized(N_("Play {title} here"), title=face.title),
        guild_only=True,
    )
    for feature in discovered() if declared is None else declared:
        for command in feature.commands(rules, face):
            group.add_command(command)
    return group
