"""Discord's rules for the application commands a bot registers (a bulk overwrite):
names, descriptions, options and choices, and their translations into Discord's locales.
A refusal is 50035 Invalid Form Body, naming the place, as Discord answers."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from emulator.form import Form, Path, Problem, errors_object
from emulator.responses import DiscordError

COMMANDS = 100
OPTIONS = 25
CHOICES = 25
NAME_LENGTH = 32
DESCRIPTION_LENGTH = 100
CHOICE_NAME_LENGTH = 100
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
CHAT_INPUT = 1

LOCALES = frozenset(
    {
        "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu",
        "nl", "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru",
        "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko",
    }
)  # fmt: skip
"""Discord's locales (its Reference, "Locales"): the only keys a localization may have."""


def command_problems(body: object) -> list[Problem]:
    form = Form()
    commands = form.objects((), body, COMMANDS)
    names: set[str] = set()
    for at, command in commands:
        name = _name(form, at, command)
        if name in names:
            form.refuse(
                (*at, "name"),
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                f"Application command names must be unique: {name}",
            )
        names.add(name)
        if command.get("type", CHAT_INPUT) == CHAT_INPUT:
            _description(form, at, command)
            _options(form, at, command.get("options"))
    return form.problems


def check_commands(body: object) -> None:
    problems = command_problems(body)
    if problems:
        raise DiscordError(400, 50035, "Invalid Form Body", errors_object(problems))


def _name(form: Form, at: Path, thing: Mapping[str, Any]) -> str:
    name = form.text((*at, "name"), thing.get("name"), NAME_LENGTH, least=1, required=True)
    if name and not _valid_name(name):
        form.refuse((*at, "name"), "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
    for locale, value in _localizations(form, (*at, "name_localizations"), thing):
        where = (*at, "name_localizations", locale)
        if form.text(where, value, NAME_LENGTH, least=1, required=True) and not _valid_name(
            str(value)
        ):
            form.refuse(where, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
    return name


def _description(form: Form, at: Path, thing: Mapping[str, Any]) -> None:
    form.text(
        (*at, "description"), thing.get("description"), DESCRIPTION_LENGTH, least=1, required=True
    )
    for locale, value in _localizations(form, (*at, "description_localizations"), thing):
        where = (*at, "description_localizations", locale)
        form.text(where, value, DESCRIPTION_LENGTH, least=1, required=True)


def _options(form: Form, at: Path, options: object) -> None:
    optional_seen = False
    names: set[str] = set()
    for option_at, option in form.objects((*at, "options"), options, OPTIONS):
        name = _name(form, option_at, option)
        _description(form, option_at, option)
        if name in names:
            form.refuse(
                (*option_at, "name"),
                "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                "Option names must be unique",
            )
        names.add(name)
        if option.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP):
            _options(form, option_at, option.get("options"))
            continue
        if option.get("required"):
            if optional_seen:
                form.refuse(
                    (*option_at, "required"),
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
        else:
            optional_seen = True
        for choice_at, choice in form.objects(
            (*option_at, "choices"), option.get("choices"), CHOICES
        ):
            form.text(
                (*choice_at, "name"), choice.get("name"), CHOICE_NAME_LENGTH, least=1, required=True
            )
            for locale, value in _localizations(form, (*choice_at, "name_localizations"), choice):
                where = (*choice_at, "name_localizations", locale)
                form.text(where, value, CHOICE_NAME_LENGTH, least=1, required=True)


def _localizations(form: Form, at: Path, thing: Mapping[str, Any]) -> list[tuple[str, object]]:
    """A localizations object's entries with a locale Discord knows; others are refused."""
    localized = thing.get(str(at[-1]))
    if localized is None:
        return []
    if not isinstance(localized, Mapping):
        form.refuse(at, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
        return []
    known = []
    for locale, value in localized.items():
        if locale in LOCALES:
            known.append((str(locale), value))
        else:
            form.refuse(
                (*at, str(locale)),
                "ENUM_TYPE_COERCE",
                f'Value "{locale}" is not a valid enum value.',
            )
    return known


def _valid_name(name: str) -> bool:
    """Letters, numbers, ``-`` and ``_``, lower case wherever a letter has a lower case
    (Discord's ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$`` for chat commands)."""
    return name == name.lower() and all(
        char in "-_" or unicodedata.category(char)[0] in "LN" or unicodedata.category(char) == "Mn"
        for char in name
    )


def localized(thing: Mapping[str, Any], locale: str) -> str:
    """A command's, option's or choice's name as a member with ``locale`` sees it."""
    return str((thing.get("name_localizations") or {}).get(locale) or thing["name"])
