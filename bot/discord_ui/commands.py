"""One slash-command group per registered game (guild-only), built from its rules and
face: ``/claimit new``, ``/nuggets rules``…

Every group has the same commands; a game's own rule options become options of
its ``new`` and ``settings``.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str

from bot.discord_ui import limits
from bot.discord_ui.flow import guarded, reader
from bot.discord_ui.game_bot import game_bot
from bot.discord_ui.server_settings import ServerSettingsChange, server_settings
from bot.games.face import GameFace
from bot.games.rules import AnyRules, GameOption
from bot.service.guild_settings import SERVER_LANGUAGE
from bot.storage.records import MINUTE
from i18n import LANGUAGES, N_, Message, language

Callback = Callable[..., Coroutine[Any, Any, None]]


def game_commands(rules: AnyRules, face: GameFace) -> app_commands.Group:
    kind = rules.kind
    group = app_commands.Group(
        name=face.command,
        description=_text(N_("Play {title} here"), title=face.title),
        guild_only=True,
    )
    most = rules.max_players - 1

    async def new(interaction: discord.Interaction, **given: Any) -> None:
        options = {o.name: given.pop(o.name) for o in rules.options}
        turn_timeout = given["turn_timeout"]
        await guarded(
            interaction,
            game_bot(interaction).flow.new_game(
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
            N_("new"),
            N_("Open a lobby for a new game in this channel"),
            new,
            [
                *(_option(o) for o in rules.options),
                _param(N_("bots"), app_commands.Range[int, 0, most], 0),
                _param(N_("bot_level"), str, "normal"),
                _param(N_("turn_timeout"), app_commands.Range[int, 1, 1440] | None, None),
            ],
            {
                **{
                    o.name: _text(N_("{option} (default: server's)"), option=Message(o.description))
                    for o in rules.options
                },
                "bots": _text(N_("Computer players to seat at once (0-{most})"), most=most),
                "bot_level": locale_str(N_("How well they play")),
                "turn_timeout": locale_str(
                    N_("Minutes a turn may take before it ends by itself (server default if unset)")
                ),
            },
            {
                **{o.name: _choices(o.choices) for o in rules.options if o.choices},
                "bot_level": _choices((N_("easy"), N_("normal"), N_("hard"))),
            },
        )
    )

    async def rules_text(interaction: discord.Interaction) -> None:
        async def answer() -> None:
            rules = rules_message(face.title, face.rules(reader(interaction)))
            await interaction.response.send_message(**rules, ephemeral=True)

        await guarded(interaction, answer())

    group.add_command(_command(N_("rules"), N_("The rules, short (only you see them)"), rules_text))

    async def board(interaction: discord.Interaction) -> None:
        await guarded(interaction, game_bot(interaction).flow.show_board(interaction, kind))

    group.add_command(
        _command(N_("board"), N_("Post this channel's game again at the bottom"), board)
    )

    async def cancel(interaction: discord.Interaction) -> None:
        await guarded(interaction, game_bot(interaction).flow.cancel(interaction, kind))

    group.add_command(
        _command(
            N_("cancel"), N_("End this channel's game, unrated (host or Manage Messages)"), cancel
        )
    )

    async def leave(interaction: discord.Interaction) -> None:
        await guarded(interaction, game_bot(interaction).flow.leave(interaction, kind))

    group.add_command(
        _command(
            N_("leave"), N_("Leave this channel's game (a computer player takes your seat)"), leave
        )
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
            language=given["language"],
        )
        await guarded(
            interaction, server_settings(interaction, game_bot(interaction).flow, kind, change)
        )

    minutes = app_commands.Range[int, 1, 1440] | None
    channel = app_commands.AppCommandChannel | None
    group.add_command(
        _command(
            N_("settings"),
            N_("Show how this server runs games, or change it (Manage Server)"),
            settings,
            [
                *(_option(o) for o in rules.options),
                _param(N_("turn_timeout"), minutes, None),
                _param(N_("lobby_timeout"), minutes, None),
                _param(N_("threads"), bool | None, None),
                _param(N_("bots"), bool | None, None),
                _param(N_("allow_channel"), channel, None),
                _param(N_("disallow_channel"), channel, None),
                _param(N_("all_channels"), bool, False),
                _param(N_("language"), str | None, None),
            ],
            {
                **{
                    o.name: _text(
                        N_("{option}: the default for new games"), option=Message(o.description)
                    )
                    for o in rules.options
                },
                "turn_timeout": locale_str(
                    N_("Minutes a turn may take before it ends by itself (every game)")
                ),
                "lobby_timeout": locale_str(
                    N_("Minutes a lobby waits to be started before it closes itself")
                ),
                "threads": locale_str(N_("Give each game its own thread")),
                "bots": locale_str(N_("Whether computer players may be added")),
                "allow_channel": locale_str(
                    N_("Add a channel games may run in (with none listed, any channel)")
                ),
                "disallow_channel": locale_str(N_("Take a channel off the list of game channels")),
                "all_channels": locale_str(N_("Clear the list: games may run in any channel")),
                "language": locale_str(
                    N_("The language of the games' messages and pictures in this server")
                ),
            },
            {
                **{o.name: _choices(o.choices) for o in rules.options if o.choices},
                "language": [
                    Choice(name=locale_str(N_("the server's own")), value=SERVER_LANGUAGE),
                    *(
                        Choice(name=language(code).locale.get_display_name() or code, value=code)
                        for code in LANGUAGES
                    ),
                ],
            },
        )
    )

    async def leaderboard(interaction: discord.Interaction, page: int = 1) -> None:
        answers = game_bot(interaction).ladder_answers
        await guarded(interaction, answers.leaderboard(interaction, kind, page))

    group.add_command(
        _command(
            N_("leaderboard"),
            N_("This server's top players (only you see it)"),
            leaderboard,
            [_param(N_("page"), app_commands.Range[int, 1, 100_000], 1)],
            {"page": locale_str(N_("Which ten: page 2 is places 11-20"))},
        )
    )

    async def stats(interaction: discord.Interaction, user: discord.User | None = None) -> None:
        answers = game_bot(interaction).ladder_answers
        await guarded(interaction, answers.stats(interaction, kind, user))

    group.add_command(
        _command(
            N_("stats"),
            N_("A player's record in this server (only you see it)"),
            stats,
            [_param(N_("user"), discord.User | None, None)],
            {"user": locale_str(N_("Whose record (yours if unset)"))},
        )
    )

    async def history(interaction: discord.Interaction) -> None:
        await guarded(interaction, game_bot(interaction).ladder_answers.history(interaction, kind))

    group.add_command(
        _command(
            N_("history"), N_("The last games played to the end here (only you see it)"), history
        )
    )

    async def recompute(interaction: discord.Interaction) -> None:
        await guarded(
            interaction, game_bot(interaction).ladder_answers.recompute(interaction, kind)
        )

    group.add_command(
        _command(
            N_("recompute"),
            N_("Rebuild this server's ladder from its stored games (Manage Server)"),
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
    if option.parse is not None or option.choices:
        return _param(option.name, str | None, None)
    return _param(option.name, bool | None, None)


def _choices(values: Sequence[str]) -> list[Choice[str]]:
    """Choices kept as they are and shown in the reader's language."""
    return [Choice(name=locale_str(value), value=value) for value in values]


def _text(template: str, **values: object) -> locale_str:
    """A command text made of a template and values (``Message`` values are translated
    too): its English now, and the recipe for ``CommandTranslator``."""
    english = template.format(**{k: str(v) for k, v in values.items()})
    return locale_str(english, template=template, **values)


def _command(
    name: str,
    description: str,
    callback: Callback,
    parameters: list[inspect.Parameter] | None = None,
    described: dict[str, locale_str] | None = None,
    choices: dict[str, list[Choice[str]]] | None = None,
) -> app_commands.Command[Any, ..., None]:
    """A command whose options are ``parameters``: discord.py reads a callback's options
    from its signature, and a game's own options are known only at run time. Every name
    and description is a ``locale_str``, which ``CommandTranslator`` translates."""
    if parameters is not None:
        interaction = inspect.Parameter(
            "interaction",
            inspect.Parameter.POSITIONAL_OR_KEYWORD,
            annotation=discord.Interaction,
        )
        callback.__signature__ = inspect.Signature([interaction, *parameters])  # type: ignore[attr-defined]
        callback.__annotations__ = {p.name: p.annotation for p in parameters}
        app_commands.rename(**{p.name: locale_str(p.name) for p in parameters})(callback)
    if described:
        app_commands.describe(**described)(callback)
    if choices:
        app_commands.choices(**choices)(callback)
    return app_commands.Command(
        name=locale_str(name), description=locale_str(description), callback=callback
    )
