"""How the features declare their slash commands: names, descriptions and choices as
``locale_str`` (translated by ``CommandTranslator``), and options known only at run
time (a game's own rule options)."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Coroutine, Iterable, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str

from bot.discord_ui.interactions import guarded
from bot.games.rules import GameOption
from bot.service.declared_player_settings import PlayerSetting
from bot.service.declared_settings import ServerSetting
from bot.service.errors import NotAChoice, NotANumber
from i18n import LANGUAGES, language

Callback = Callable[..., Coroutine[Any, Any, None]]
Command = app_commands.Command[Any, ..., None]
Completion = Callable[[discord.Interaction, str], Coroutine[Any, Any, list[Choice[str]]]]
"""What an option offers as the member types (what they typed so far)."""


def param(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    """An option of a command whose signature is made at run time, keyword-only."""
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=default
    )


def game_option(option: GameOption) -> inspect.Parameter:
    """A game's own rule option as a command option: text for an option with choices or its own
    reading, else true or false."""
    if option.parse is not None or option.choices:
        return param(option.name, str | None, None)
    return param(option.name, bool | None, None)


def choices(values: Sequence[str]) -> list[Choice[str]]:
    """Choices kept as they are and shown in the reader's language."""
    return [Choice(name=locale_str(value), value=value) for value in values]


def declared_choices(
    declared: Iterable[ServerSetting[Any] | PlayerSetting[Any]],
) -> dict[str, list[Choice[str]]]:
    """Each declared setting's choices, by its option's name, shown in the reader's
    language."""
    return {
        setting.name: [
            Choice(name=locale_str(choice.label), value=choice.value) for choice in setting.choices
        ]
        for setting in declared
    }


def language_choices(first: Choice[str]) -> list[Choice[str]]:
    """``first`` (a language that follows another's), then every language the bot speaks,
    each named in its own words."""
    return [
        first,
        *(
            Choice(name=language(code).locale.get_display_name() or code, value=code)
            for code in LANGUAGES
        ),
    ]


def localized(template: str, **values: object) -> locale_str:
    """A command text made of a template and values (``Message`` values are translated
    too): its English now, and the recipe for ``CommandTranslator``."""
    english = template.format(**{k: str(v) for k, v in values.items()})
    return locale_str(english, template=template, **values)


def command(
    name: str,
    description: str,
    callback: Callback,
    parameters: list[inspect.Parameter] | None = None,
    described: dict[str, locale_str] | None = None,
    offered: dict[str, list[Choice[str]]] | None = None,
    completed: dict[str, Completion] | None = None,
) -> Command:
    """A command whose options are ``parameters``: discord.py reads a callback's options
    from its signature, and a game's own options are known only at run time. Every name
    and description is a ``locale_str``, which ``CommandTranslator`` translates; the
    options ``completed`` offer choices as the member types. The callback runs
    ``guarded``: a refusal or a failure is answered in the one place, and so is a value
    that an option's fixed choices (``offered``) don't hold, or a number option's value
    that is no number of its kind within its range, which the callback never sees."""
    allowed = {
        name: {choice.value for choice in listed} for name, listed in (offered or {}).items()
    }
    numbers: dict[str, app_commands.Parameter] = {}
    """The options that take numbers, known once the command is made."""

    async def checked(interaction: discord.Interaction, given: dict[str, Any]) -> None:
        # Discord's client offers only the choices, and sends only numbers, but doesn't
        # check them: a hand-made interaction can carry any value (discord.py hands it on
        # as it came).
        for name, values in allowed.items():
            value = given.get(name)
            if value is not None and value not in values:
                raise NotAChoice(name, str(value))
        for name, option in numbers.items():
            value = given.get(name)
            if value is not None and not _number_of(option, value):
                whole = option.type is discord.AppCommandOptionType.integer
                raise NotANumber(name, str(value), option.min_value, option.max_value, whole=whole)
        await callback(interaction, **given)

    async def answered(interaction: discord.Interaction, **given: Any) -> None:
        await guarded(interaction, checked(interaction, given))

    interaction = inspect.Parameter(
        "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
    )
    parameters = parameters or []
    answered.__signature__ = inspect.Signature([interaction, *parameters])  # type: ignore[attr-defined]
    answered.__annotations__ = {p.name: p.annotation for p in parameters}
    if parameters:
        app_commands.rename(**{p.name: locale_str(p.name) for p in parameters})(answered)
    if described:
        app_commands.describe(**described)(answered)
    if offered:
        app_commands.choices(**offered)(answered)
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


def _number_of(option: app_commands.Parameter, value: object) -> bool:
    """Whether ``value`` is a number of the option's kind (a whole one for an integer
    option) within its range."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    if option.type is discord.AppCommandOptionType.integer and not isinstance(value, int):
        return False
    low, high = option.min_value, option.max_value
    return (low is None or value >= low) and (high is None or value <= high)
