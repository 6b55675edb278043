"""``/<game> new``: a lobby for a new game, with the game's own rule options, the lobby's
own, then the options each feature declares (``bot.discord_ui.new_options``). In a
conversation (``bot.discord_ui.conversations``) an option of a feature that doesn't play
there (a private table's invitations, which are posted in a channel) is refused."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands

from bot.discord_ui.command_parts import (
    REQUIRED,
    Command,
    Option,
    choices,
    command,
    game_option,
    localized,
)
from bot.discord_ui.conversations import place_of
from bot.discord_ui.core.lobby.handlers import Lobbies
from bot.discord_ui.new_options import NewOptions
from bot.discord_ui.part import features_parts
from bot.games.face import GameFace
from bot.games.rules import AnyRules
from bot.service.errors import ServerOnly, slash
from bot.service.guild_settings import TURN_TIMEOUT_MINUTES
from bot.storage.records import MINUTE
from i18n import N_, Message

TURN_LOW, TURN_HIGH = TURN_TIMEOUT_MINUTES


def commands(rules: AnyRules, face: GameFace) -> list[Command]:
    """``new`` in one game's group, with the game's own rule options and the features'."""
    kind = rules.kind
    most = rules.max_players - 1
    declared = features_options()
    server_only = [
        option.name
        for declaration in features_parts()
        if not declaration.part.in_conversations
        for option in declaration.new_options.options
    ]

    async def new(interaction: discord.Interaction, **given: Any) -> None:
        if place_of(interaction).interaction_only:
            used = next((name for name in server_only if given[name] not in (None, False)), None)
            if used is not None:
                asked = slash(face.command, N_("new"))
                raise ServerOnly(Message("{asked} {option}:", asked=asked, option=Message(used)))
        options = {o.name: given[o.name] for o in rules.options}
        turn_timeout = given["turn_timeout"]
        await Lobbies.of(interaction).new_game(
            interaction,
            kind=kind,
            options={name: value for name, value in options.items() if value is not None},
            bots=given["bots"],
            bot_level=given["bot_level"],
            turn_timeout=None if turn_timeout is None else turn_timeout * MINUTE,
            asked=[
                ask
                for part in declared
                for ask in part.asks({o.name: given[o.name] for o in part.options})
            ],
        )

    own = [
        *(game_option(o, N_("{option} (default: server's)")) for o in rules.options),
        Option(
            N_("bots"),
            app_commands.Range[int, 0, most],
            localized(N_("Computer players to seat at once (0-{most})"), most=most),
            0,
        ),
        Option(
            N_("bot_level"),
            str,
            N_("How well they play"),
            "normal",
            choices((N_("easy"), N_("normal"), N_("hard"))),
        ),
        Option(
            N_("turn_timeout"),
            app_commands.Range[int, TURN_LOW, TURN_HIGH] | None,
            N_("Minutes a turn may take, up to 10080 (a week; server default if unset)"),
        ),
    ]
    added = [option for part in declared for option in part.options]
    names = [option.name for option in (*own, *added)]
    if len(set(names)) != len(names):
        raise TypeError(f"two options of {kind}'s new share a name: {sorted(names)}")
    if any(option.default is REQUIRED for option in added):
        raise TypeError("a feature's option of new is optional: a lobby is made without it")
    return [
        command(
            N_("new"),
            N_("Open a lobby for a new game here"),
            new,
            [*own, *added],
            in_conversations=True,
        )
    ]


def features_options() -> Sequence[NewOptions]:
    """The options each feature adds to ``new``, in the features' order (those of a part
    that asks to come ``first`` before the others)."""
    declared = [part.new_options for part in features_parts() if part.new_options.options]
    return sorted(declared, key=lambda options: not options.first)
