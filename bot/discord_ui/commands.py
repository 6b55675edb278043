"""The bot's slash commands: one group per registered game: ``/claimit new``,
``/nuggets rules``…, every group with the same commands, each declared by its feature (a
game's own rule options become options of its ``new`` and ``settings``); and the groups
features have of their own beside them (``/my``, ``/server``, ``/tournament``).

A game's group is installed to servers and to users' accounts, and offered in servers
and in group DMs (and DMs between users), not in the bot's own DM: a user who installed
the app has it with friends, also where the bot is not a member. There each command
refuses unless made for such a conversation (``command_parts.command``)."""

from __future__ import annotations

from collections.abc import Sequence

from discord import app_commands

from bot.discord_ui.command_parts import EVERY_INSTALL, localized
from bot.discord_ui.part import Declaration
from bot.discord_ui.part_registry import discovered
from bot.games.face import GameFace
from bot.games.faces import face_for
from bot.games.registry import GAMES
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
        allowed_installs=EVERY_INSTALL,
        allowed_contexts=app_commands.AppCommandContext(guild=True, private_channel=True),
    )
    for feature in discovered() if declared is None else declared:
        for command in feature.commands(rules, face):
            group.add_command(command)
    return group


def all_commands(declared: Sequence[Declaration] | None = None) -> list[app_commands.Group]:
    """Every group the bot registers: each game's, then the features' own (of ``declared``,
    or of every feature found)."""
    features = discovered() if declared is None else declared
    groups = [game_commands(rules, face_for(kind), features) for kind, rules in GAMES.items()]
    return [*groups, *(group for feature in features for group in feature.own_commands())]
