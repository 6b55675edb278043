"""One slash-command group per registered game (guild-only), built from its rules and
face: ``/claimit new``, ``/nuggets rules``…

Every group has the same commands; a game's own rule options become options of
its ``new`` and ``settings``.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from bot.discord_ui import limits
from bot.discord_ui.flow import guarded
from bot.discord_ui.server_settings import ServerSettingsChange, server_settings
from bot.games.face import GameFace
from bot.games.rules import AnyRules, GameOption
from bot.storage.records import MINUTE

if TYPE_CHECKING:
    from bot.discord_ui.client import GameBot

Callback = Callable[..., Coroutine[Any, Any, None]]


def game_commands(rules: AnyRules, face: GameFace) -> app_commands.Group:
    kind = rules.kind
    group = app_commands.Group(
        name=face.command, description=f"Play {face.title} here", guild_only=True
    )
    most = rules.max_players - 1

    async def new(interaction: discord.Interaction, **given: Any) -> None:
        options = {o.name: given.pop(o.name) for o in rules.options}
        turn_timeout = given["turn_timeout"]
        await guarded(
            interaction,
            _bot(interaction).flow.new_game(
                interaction,
                kind=kind,
                options={name: value for name, value in options.items() if value is not None},
                bots=given["bots"],
                bot_level=given["bot_level"],
                turn_timeout=None if turn_timeout is None else turn_timeout * MINUTE,
            ),
        )

    group.add_command(
        _command(
            "new",
            "Open a lobby for a new game in this channel",
            new,
            [
                *(_option(o) for o in rules.options),
                _param("bots", app_commands.Range[int, 0, most], 0),
                _param("bot_level", Literal["easy", "normal", "hard"], "normal"),
                _param("turn_timeout", app_commands.Range[int, 1, 1440] | None, None),
            ],
            {
                **{o.name: o.description + " (default: server's)" for o in rules.options},
                "bots": f"Computer players to seat at once (0-{most})",
                "bot_level": "How well they play",
                "turn_timeout": "Minutes a turn may take before it ends by itself "
                "(server default if unset)",
            },
        )
    )

    async def rules_text(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            **rules_message(face.title, face.rules(str(interaction.locale))), ephemeral=True
        )

    group.add_command(_command("rules", "The rules, short (only you see them)", rules_text))

    async def board(interaction: discord.Interaction) -> None:
        await guarded(interaction, _bot(interaction).flow.show_board(interaction, kind))

    group.add_command(_command("board", "Post this channel's game again at the bottom", board))

    async def cancel(interaction: discord.Interaction) -> None:
        await guarded(interaction, _bot(interaction).flow.cancel(interaction, kind))

    group.add_command(
        _command("cancel", "End this channel's game, unrated (host or Manage Messages)", cancel)
    )

    async def leave(interaction: discord.Interaction) -> None:
        await guarded(interaction, _bot(interaction).flow.leave(interaction, kind))

    group.add_command(
        _command("leave", "Leave this channel's game (a computer player takes your seat)", leave)
    )

    async def settings(interaction: discord.Interaction, **given: Any) -> None:
        options = {o.name: given.pop(o.name) for o in rules.options}
        turn_timeout, lobby_timeout = given["turn_timeout"], given["lobby_timeout"]
        allow, disallow = given["allow_channel"], given["disallow_channel"]
        change = ServerSettingsChange(
            options={name: value for name, value in options.items() if value is not None},
            turn_timeout=None if turn_timeout is None else turn_timeout * MINUTE,
            lobby_timeout=None if lobby_timeout is None else lobby_timeout * MINUTE,
            threads=given["threads"],
            bots_allowed=given["bots"],
            allow_channel=None if allow is None else allow.id,
            disallow_channel=None if disallow is None else disallow.id,
            all_channels=given["all_channels"],
        )
        await guarded(
            interaction, server_settings(interaction, _bot(interaction).flow, kind, change)
        )

    minutes = app_commands.Range[int, 1, 1440] | None
    channel = app_commands.AppCommandChannel | None
    group.add_command(
        _command(
            "settings",
            "Show how this server runs games, or change it (Manage Server)",
            settings,
            [
                *(_option(o) for o in rules.options),
                _param("turn_timeout", minutes, None),
                _param("lobby_timeout", minutes, None),
                _param("threads", bool | None, None),
                _param("bots", bool | None, None),
                _param("allow_channel", channel, None),
                _param("disallow_channel", channel, None),
                _param("all_channels", bool, False),
            ],
            {
                **{o.name: f"{o.description}: the default for new games" for o in rules.options},
                "turn_timeout": "Minutes a turn may take before it ends by itself (every game)",
                "lobby_timeout": "Minutes a lobby waits to be started before it closes itself",
                "threads": "Give each game its own thread",
                "bots": "Whether computer players may be added",
                "allow_channel": "Add a channel games may run in (with none listed, any channel)",
                "disallow_channel": "Take a channel off the list of game channels",
                "all_channels": "Clear the list: games may run in any channel",
            },
        )
    )

    async def leaderboard(interaction: discord.Interaction, page: int = 1) -> None:
        answers = _bot(interaction).ladder_answers
        await guarded(interaction, answers.leaderboard(interaction, kind, page))

    group.add_command(
        _command(
            "leaderboard",
            "This server's top players (only you see it)",
            leaderboard,
            [_param("page", app_commands.Range[int, 1, 100_000], 1)],
            {"page": "Which ten: page 2 is places 11-20"},
        )
    )

    async def stats(interaction: discord.Interaction, user: discord.User | None = None) -> None:
        answers = _bot(interaction).ladder_answers
        await guarded(interaction, answers.stats(interaction, kind, user))

    group.add_command(
        _command(
            "stats",
            "A player's record in this server (only you see it)",
            stats,
            [_param("user", discord.User | None, None)],
            {"user": "Whose record (yours if unset)"},
        )
    )

    async def history(interaction: discord.Interaction) -> None:
        await guarded(interaction, _bot(interaction).ladder_answers.history(interaction, kind))

    group.add_command(
        _command("history", "The last games played to the end here (only you see it)", history)
    )

    async def recompute(interaction: discord.Interaction) -> None:
        await guarded(interaction, _bot(interaction).ladder_answers.recompute(interaction, kind))

    group.add_command(
        _command(
            "recompute",
            "Rebuild this server's ladder from its stored games (Manage Server)",
            recompute,
        )
    )
    return group


def _param(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=default
    )


def rules_message(title: str, rules: str) -> dict[str, Any]:
    """The rules as a message: its text when it fits one, else an embed per part (parts are
    separated by a blank line), which hold more."""
    if len(rules) <= limits.CONTENT:
        return {"content": rules}
    parts = [part.strip() for part in rules.split("\n\n") if part.strip()]
    return {
        "embeds": [
            discord.Embed(title=title if n == 0 else None, description=part)
            for n, part in enumerate(parts)
        ]
    }


def _option(option: GameOption) -> inspect.Parameter:
    if option.parse is not None:
        return _param(option.name, str | None, None)
    if option.choices:
        return _param(option.name, Literal[option.choices] | None, None)
    return _param(option.name, bool | None, None)


def _command(
    name: str,
    description: str,
    callback: Callback,
    parameters: list[inspect.Parameter] | None = None,
    described: dict[str, str] | None = None,
) -> app_commands.Command[Any, ..., None]:
    """A command whose options are ``parameters``: discord.py reads a callback's options
    from its signature, and a game's own options are known only at run time."""
    if parameters is not None:
        interaction = inspect.Parameter(
            "interaction",
            inspect.Parameter.POSITIONAL_OR_KEYWORD,
            annotation=discord.Interaction,
        )
        callback.__signature__ = inspect.Signature([interaction, *parameters])  # type: ignore[attr-defined]
        callback.__annotations__ = {p.name: p.annotation for p in parameters}
    if described:
        app_commands.describe(**described)(callback)
    return app_commands.Command(name=name, description=description, callback=callback)


def _bot(interaction: discord.Interaction) -> GameBot:
    return interaction.client  # type: ignore[return-value]
