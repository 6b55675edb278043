"""How the features declare their slash commands: names, descriptions and choices as
``locale_str`` (translated by ``CommandTranslator``), and options known only at run
time (a game's own rule options, the features' declared settings). A command lists its
options, each declared whole in one place (``Option``); a group of its own lists its
commands. A command runs in a conversation (a group DM, a server the bot is not in:
``conversations``) only where declared so: Discord gives a group's places to all its
commands alike."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Coroutine, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str

from bot.discord_ui.conversations import place_of
from bot.discord_ui.interactions import guarded
from bot.games.rules import GameOption
from bot.service.declared_player_settings import PlayerSetting
from bot.service.declared_settings import ServerSetting, TextChannelId
from bot.service.errors import NotAChoice, NotANumber, ServerOnly, own_slash, slash
from i18n import LANGUAGES, N_, Message, language

Callback = Callable[..., Coroutine[Any, Any, None]]
Command = app_commands.Command[Any, ..., None]
Completion = Callable[[discord.Interaction, str], Coroutine[Any, Any, list[Choice[str]]]]
"""What an option offers as the member types (what they typed so far)."""

REQUIRED: Any = inspect.Parameter.empty
"""The default of an option a member must give."""
EVERY_INSTALL = app_commands.AppInstallationType(guild=True, user=True)
"""Installed to a server, or to a user's own account (which brings the commands to their
group DMs and to servers the bot is not in)."""
OWN_GROUP = "own group"
"""In a group's ``extras``: one of the features' own (``/my``…), whose name is translated,
where a game's group keeps its name in every language."""


@dataclass(frozen=True)
class Option:
    """One option of a command: its name (a message id), what it takes (``bool | None``,
    ``app_commands.Range[int, 1, 5]``, ``discord.User``…), its description (a message id,
    or a text made by ``localized``), its default (``REQUIRED``: none, a member gives it),
    its fixed choices, and what it offers as the member types."""

    name: str
    takes: Any
    description: str | locale_str
    default: Any = None
    choices: Sequence[Choice[str]] = ()
    completion: Completion | None = None


def game_option(option: GameOption, described: str) -> Option:
    """A game's own rule option as a command option: text for an option with choices or its own
    reading, else true or false; described by the template ``described``, which names it as
    ``{option}``."""
    takes = str if option.parse is not None or option.choices else bool
    return Option(
        option.name,
        takes | None,
        localized(described, option=Message(option.description)),
        choices=choices(option.choices),
    )


def declared_option(setting: ServerSetting[Any] | PlayerSetting[Any]) -> Option:
    """A feature's declared setting as an option, none given keeping it: a whole number within
    its bounds, a text (one of its choices, when it has some), true or false, or one of the
    server's text channels (``given_value`` makes it the channel's id)."""
    takes: Any = setting.kind
    if isinstance(setting, ServerSetting) and setting.kind is int and setting.bounds is not None:
        takes = app_commands.Range[int, setting.bounds[0], setting.bounds[1]]
    if setting.kind is TextChannelId:
        takes = discord.TextChannel
    return Option(
        setting.name,
        takes | None,
        setting.description,
        choices=[
            Choice(name=locale_str(choice.label), value=choice.value) for choice in setting.choices
        ],
    )


def given_value(setting: ServerSetting[Any], given: Any) -> Any:
    """What an admin gave a declared setting's option, as its declaration takes it: a
    channel as its id."""
    if setting.kind is TextChannelId and given is not None:
        return given.id
    return given


def choices(values: Sequence[str]) -> list[Choice[str]]:
    """Choices kept as they are and shown in the reader's language."""
    return [Choice(name=locale_str(value), value=value) for value in values]


def language_option(description: str, own: str, value: str) -> Option:
    """``language``, none given keeping it: first the language that follows another's (its
    label ``own``, kept as ``value``), then every language the bot speaks, each named in
    its own words."""
    return Option(
        N_("language"),
        str | None,
        description,
        choices=[
            Choice(name=locale_str(own), value=value),
            *(
                Choice(name=language(code).name_in(language(code)), value=code)
                for code in LANGUAGES
            ),
        ],
    )


def localized(template: str, **values: object) -> locale_str:
    """A command text made of a template and values (``Message`` values are translated
    too): its English now, and the recipe for ``CommandTranslator``."""
    english = template.format(**{k: str(v) for k, v in values.items()})
    return locale_str(english, template=template, **values)


def command(
    name: str,
    description: str,
    callback: Callback,
    options: Sequence[Option] = (),
    *,
    in_conversations: bool = False,
) -> Command:
    """A command whose options are ``options``: discord.py reads a callback's options from
    its signature, and a game's own options are known only at run time. Every name and
    description is a ``locale_str``, which ``CommandTranslator`` translates; the options
    with a completion offer choices as the member types. The callback runs ``guarded``: a
    refusal or a failure is answered in the one place, and so is a value that an option's
    fixed choices don't hold, or a number option's value that is no number of its kind
    within its range, which the callback never sees. Used in a conversation, a command not
    made for one (``in_conversations``) is refused (``ServerOnly``) before any work, and
    offers nothing as the member types."""
    allowed = {o.name: {choice.value for choice in o.choices} for o in options if o.choices}
    numbers: dict[str, app_commands.Parameter] = {}
    """The options that take numbers, known once the command is made."""

    async def checked(interaction: discord.Interaction, given: dict[str, Any]) -> None:
        if not in_conversations and place_of(interaction).interaction_only:
            raise _server_only(interaction, name)
        # Discord's client offers only the choices, and sends only numbers, but doesn't
        # check them: a hand-made interaction can carry any value (discord.py hands it on
        # as it came).
        for named, values in allowed.items():
            value = given.get(named)
            if value is not None and value not in values:
                raise NotAChoice(named, str(value))
        for named, option in numbers.items():
            value = given.get(named)
            if value is not None and not _number_of(option, value):
                whole = option.type is discord.AppCommandOptionType.integer
                raise NotANumber(named, str(value), option.min_value, option.max_value, whole=whole)
        await callback(interaction, **given)

    async def answered(interaction: discord.Interaction, **given: Any) -> None:
        await guarded(interaction, checked(interaction, given))

    interaction = inspect.Parameter(
        "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
    )
    parameters = [
        inspect.Parameter(
            o.name, inspect.Parameter.KEYWORD_ONLY, annotation=o.takes, default=o.default
        )
        for o in options
    ]
    answered.__signature__ = inspect.Signature([interaction, *parameters])  # type: ignore[attr-defined]
    answered.__annotations__ = {o.name: o.takes for o in options}
    if options:
        app_commands.rename(**{o.name: locale_str(o.name) for o in options})(answered)
        app_commands.describe(**{o.name: _described(o.description) for o in options})(answered)
    if allowed:
        app_commands.choices(**{o.name: list(o.choices) for o in options if o.choices})(answered)
    completed = {
        o.name: o.completion if in_conversations else _offered_where_it_works(o.completion)
        for o in options
        if o.completion is not None
    }
    if completed:
        app_commands.autocomplete(**completed)(answered)
    made: Command = app_commands.Command(
        name=locale_str(name), description=locale_str(description), callback=answered
    )
    numbers.update(
        (option.name, option)
        for option in made.parameters
        if option.type
        in (discord.AppCommandOptionType.integer, discord.AppCommandOptionType.number)
    )
    return made


def group(
    name: str, description: str, commands: Iterable[Command], *, in_direct_messages: bool = False
) -> app_commands.Group:
    """A group of a feature's own (``/my``, ``/server``…) holding ``commands``, used in
    servers the bot is in only, or ``in_direct_messages`` with the bot too, installed to a
    user's account as well as to servers: so a user who shares no server with the bot
    reaches it in its DM (and in a server the bot is not in, where its commands refuse
    unless made for a conversation)."""
    made = app_commands.Group(
        name=locale_str(name),
        description=locale_str(description),
        guild_only=not in_direct_messages,
        allowed_contexts=(
            app_commands.AppCommandContext(guild=True, dm_channel=True)
            if in_direct_messages
            else None
        ),
        allowed_installs=EVERY_INSTALL if in_direct_messages else None,
        extras={OWN_GROUP: True},
    )
    for each in commands:
        made.add_command(each)
    return made


def _offered_where_it_works(completion: Completion) -> Completion:
    """``completion``, offering nothing in a conversation (where its command refuses)."""

    async def offered(interaction: discord.Interaction, typed: str) -> list[Choice[str]]:
        if place_of(interaction).interaction_only:
            return []
        return await completion(interaction, typed)

    return offered


def _server_only(interaction: discord.Interaction, name: str) -> ServerOnly:
    """The refusal of the command ``name`` (of the group run) in a conversation, naming it
    as the reader's Discord does."""
    run = interaction.command
    group = run.parent if isinstance(run, app_commands.Command) else None
    assert group is not None, "every command of the bot's is in a group"
    if group.extras.get(OWN_GROUP, False):
        contexts = group.allowed_contexts
        return ServerOnly(own_slash(group.name, name), contexts is not None and contexts.dm_channel)
    return ServerOnly(slash(group.name, name))


def _described(description: str | locale_str) -> locale_str:
    """An option's description as Discord is given it: a message id is translated."""
    return description if isinstance(description, locale_str) else locale_str(description)


def _number_of(option: app_commands.Parameter, value: object) -> bool:
    """Whether ``value`` is a number of the option's kind (a whole one for an integer
    option) within its range."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    if option.type is discord.AppCommandOptionType.integer and not isinstance(value, int):
        return False
    low, high = option.min_value, option.max_value
    return (low is None or value >= low) and (high is None or value <= high)
