"""One slash-command group per registered game (guild-only): ``/claimit new``,
``/nuggets rules``… Every group has the same commands, each declared by its feature;
a game's own rule options become options of its ``new`` and ``settings``."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from discord import app_commands

from bot.discord_ui.command_parts import Command, localized
from bot.discord_ui.ladder import commands as ladder
from bot.discord_ui.leaving import commands as leaving
from bot.discord_ui.lobby import commands as lobby
from bot.discord_ui.replays import commands as replays
from bot.discord_ui.settings import commands as settings
from bot.discord_ui.turns import commands as turns
from bot.games.face import GameFace
from bot.games.rules import AnyRules
from i18n import N_

FEATURES: tuple[Callable[[AnyRules, GameFace], Sequence[Command]], ...] = (
    lobby.commands,
    turns.commands,
    leaving.commands,
    settings.commands,
    ladder.commands,
    replays.commands,
)
"""In the order a game's commands are listed."""


def game_commands(rules: AnyRules, face: GameFace) -> app_commands.Group:
    group = app_commands.Group(
        name=face.command,
        description=localized(N_("Play {title} here"), title=face.title),
        guild_only=True,
    )
    for feature in FEATURES:
        for command in feature(rules, face):
            group.add_command(command)
    return group
