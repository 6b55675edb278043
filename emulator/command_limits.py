"""Discord's rules for the application commands a bot registers (a bulk overwrite):
names, descriptions, options and choices, their translations into Discord's locales, how
many commands there are and how large each is. A refusal is 50035 Invalid Form Body,
naming the place, or 30032 for more commands of a type than an app may have, as Discord
answers, so that a command tree Discord would refuse fails in the tests first. What
Discord's description of its API says of a command (each field's type and length, how
many options and choices) is checked from it (``request_schemas``); the rules here are
the rest.

The rules are those of Discord's "Application Commands" page (Application Command
Naming, the option and choice structures, Registering a Command, Subcommands and
Subcommand Groups, Localization, and the size warning under Slash Commands). The page
doesn't give the answers; their codes, messages and places are those Discord gave in
reports on GitHub, named where each is refused."""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from emulator.api_description import discord_api
from emulator.form import Form, Path, Problem, errors_object, objects
from emulator.responses import DiscordError
from emulator.schema_checks import discord_checks

CHAT_INPUT, USER, MESSAGE, PRIMARY_ENTRY_POINT = 1, 2, 3, 4
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, NUMBER = 3, 4, 10
AUTOCOMPLETED = frozenset({STRING, INTEGER, NUMBER})
"""The option types that may ask the bot for choices as a member types (the option
structure's ``autocomplete``)."""

COMMANDS = {CHAT_INPUT: 100, USER: 15, MESSAGE: 15, PRIMARY_ENTRY_POINT: 1}
"""How many commands of each type an app may have globally, and again in each guild but
for the Entry Point, which is global alone (``entry_points``) (a bulk overwrite takes
130 at most, its description says: more is refused as a too long array, fewer but over
a type's count with 30032, measured in chenhg5/cc-connect#504; no report shows
Discord's answer to a second Entry Point, which the emulator refuses the same way)."""
CHOICE_VALUE_LENGTH = 100
"""A string choice's value (the description's 6,000 is a string option's own length)."""
COMMAND_SIZE = 4000
"""A slash command's names, descriptions and choice values together, its subcommands,
groups, options and choices included, counting each field's longest translation (Slash
Commands: "a maximum of 4000 characters for combined name, description, and value
properties for each command, its options (including subcommands and groups), and
choices. When localization fields are present, only the longest localization for each
field (including the default value) is counted")."""

LOCALES = frozenset(
    {
        "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu",
        "nl", "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru",
        "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko",
    }
)  # fmt: skip
"""Discord's locales (its Reference, "Locales"): the only keys a localization may have."""

_DEVANAGARI_AND_THAI = ((0x0900, 0x097F), (0x0E00, 0x0E7F), (0xA8E0, 0xA8FF))
"""The Unicode blocks of the scripts whose marks and signs a name may hold besides letters
and numbers (``\\p{sc=Deva}``, ``\\p{sc=Thai}``)…"""
_NOT_THEIR_SCRIPT = frozenset("\u0951\u0952\u0953\u0954\u0964\u0965\u0e3f")
"""…less the characters of those blocks that Unicode gives to no script of their own
(the Vedic stress signs, the dandas, the baht sign)."""

_OPTION_TYPE_INVALID = "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID"
_OPTION_NAME_INVALID = "APPLICATION_COMMAND_OPTIONS_NAME_INVALID"

Clash = Callable[[Path, str | None, str], None]
"""Refuses a name already used at its level: the thing's place, the locale of the name
(None for its default name) and the name."""


def command_problems(body: object) -> list[Problem]:
    """Every reason Discord would answer a bulk overwrite of ``body`` with 50035: what
    its description of the route refuses, and its rules beyond (``rule_problems``)."""
    overwrite = discord_api().operation("PUT", "/applications/{}/commands")
    assert overwrite is not None and overwrite.body is not None
    return discord_checks().problems(overwrite.body, body) + rule_problems(body)


def rule_problems(body: object) -> list[Problem]:
    """What Discord refuses in a bulk overwrite that its description lets through."""
    form = Form()
    commands = objects(body, ())
    for at, command in commands:
        if command.get("type", CHAT_INPUT) == CHAT_INPUT:
            _slash_command(form, at, command)
        else:
            # A context menu command's name may have capitals and spaces.
            _name(form, at, command, slash=False, top=True)
    for kind in {command.get("type", CHAT_INPUT) for _, command in commands}:
        _unique(
            [(at, c) for at, c in commands if c.get("type", CHAT_INPUT) == kind],
            # At the command itself (albertgmz/BeatDock#103).
            lambda at, locale, name: form.refuse(
                at,
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                "Application command names must be unique",
            ),
        )
    return form.problems


def check_commands(body: object) -> None:
    """Refuses ``body`` as Discord would once its description has taken it: 50035 for a
    rule it breaks (``rule_problems``), else 30032 when it holds more commands of a type
    than an app may have (Discord's "Maximum number of application commands reached
    (100)", reported in chenhg5/cc-connect#504)."""
    problems = rule_problems(body)
    if problems:
        raise DiscordError(400, 50035, "Invalid Form Body", errors_object(problems))
    kinds = Counter(command.get("type", CHAT_INPUT) for _, command in objects(body, ()))
    for kind, most in COMMANDS.items():
        if kinds[kind] > most:
            raise DiscordError(
                400, 30032, f"Maximum number of application commands reached ({most})"
            )


def localized(thing: Mapping[str, Any], locale: str) -> str:
    """A command's, option's or choice's name as a member with ``locale`` sees it."""
    return str((thing.get("name_localizations") or {}).get(locale) or thing["name"])


def _slash_command(form: Form, at: Path, command: Mapping[str, Any]) -> None:
    _name(form, at, command, slash=True, top=True)
    # Required, as an option's is by the description.
    _description(form, at, command, required=True)
    _options(form, at, command.get("options"), None)
    if command_size(command) > COMMAND_SIZE:
        # At the command itself, not at a field of it, as bots' logs of Discord's answer
        # show ("0[APPLICATION_COMMAND_TOO_LARGE]").
        form.refuse(
            at, "APPLICATION_COMMAND_TOO_LARGE", f"Command exceeds maximum size ({COMMAND_SIZE})"
        )


def _name(form: Form, at: Path, thing: Mapping[str, Any], *, slash: bool, top: bool) -> None:
    """A name and its translations: for a slash command and every option Discord's
    ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$`` in lower case wherever a letter
    has one (their lengths are the description's). The docs' regex also has ``'``,
    which Discord refuses: it meant the modifier letter apostrophe U+02BC, a letter
    (discord-api-docs#7371, the docs fixed by #8567). A default name outside those
    characters is refused by the regex itself (#7371's answer); one with capitals, and
    any translation that breaks the rule, as an invalid name: a command's at its whole
    dictionary, an option's at the locale (discord-api-docs#7712)."""
    where = (*at, "name")
    name = thing.get("name")
    if slash and isinstance(name, str) and name and not _named_by_the_rule(name):
        form.refuse(where, "STRING_TYPE_REGEX", "String value did not match validation regex.")
    elif slash and isinstance(name, str) and name != name.lower():
        form.refuse(where, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
    for locale, value in localizations(form, (*at, "name_localizations"), thing):
        in_locale = (*at, "name_localizations", locale)
        if slash and value and not (_named_by_the_rule(value) and value == value.lower()):
            form.refuse(
                (*at, "name_localizations") if top else in_locale,
                "APPLICATION_COMMAND_INVALID_NAME",
                "Command name is invalid",
            )


def _named_by_the_rule(name: str) -> bool:
    """Whether every character is one the naming rule allows, whatever its case."""
    return all(
        char in "-_"
        or unicodedata.category(char)[0] in "LN"
        or (
            any(low <= ord(char) <= high for low, high in _DEVANAGARI_AND_THAI)
            and char not in _NOT_THEIR_SCRIPT
            and unicodedata.category(char) != "Cn"
        )
        for char in name
    )


def _description(form: Form, at: Path, thing: Mapping[str, Any], *, required: bool = False) -> None:
    """A description and its translations are not blank (Discord trims them)."""
    form.blank((*at, "description"), thing.get("description"), required=required)
    for locale, value in localizations(form, (*at, "description_localizations"), thing):
        form.blank((*at, "description_localizations", locale), value)


def _options(form: Form, at: Path, options: object, inside: int | None) -> None:
    """The options of a command (``inside`` None), a subcommand group or a subcommand.
    Subcommands and groups exclude every other kind of option beside them
    (discordjs/discord.js#7648: at the first that differs); a group holds only
    subcommands and a subcommand none, the only nesting Discord has ("Subcommands and
    Subcommand Groups"; no report shows Discord's words for it, so the code is the one
    beside it); required options come first (discord-api-docs#5615: at the
    option). Names are unique among an array's options, translations too."""
    found = objects(options, (*at, "options"))
    subcommands: bool | None = None
    optional_seen = False
    for option_at, option in found:
        kind = option.get("type")
        _name(form, option_at, option, slash=True, top=False)
        _description(form, option_at, option)
        nests = kind in (SUB_COMMAND, SUB_COMMAND_GROUP)
        if inside == SUB_COMMAND_GROUP and kind != SUB_COMMAND:
            form.refuse(
                option_at, _OPTION_TYPE_INVALID, "A sub-command group holds sub-commands only"
            )
        elif inside == SUB_COMMAND and nests:
            form.refuse(option_at, _OPTION_TYPE_INVALID, "A sub-command holds no sub-commands")
        elif subcommands is None:
            subcommands = nests
        elif nests != subcommands:
            form.refuse(
                option_at,
                _OPTION_TYPE_INVALID,
                "Sub-command and sub-command group option types are mutually exclusive to all "
                "other types",
            )
        if nests:
            _options(form, option_at, option.get("options"), kind)
            continue
        if not option.get("required"):
            optional_seen = True
        elif optional_seen:
            form.refuse(
                option_at,
                "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                "Required options must be placed before non-required options",
            )
        _choices(form, option_at, option)
        _autocomplete(form, option_at, option)

    def clash(option_at: Path, locale: str | None, name: str) -> None:
        # At the option (the wording of discord-api-docs#4964 and of bots' logs of
        # Discord's answer, "options[4][…]: Option name command is already used in these
        # options"), or at the locale of a translated name, where Discord names an option's
        # translations (discord-api-docs#7712).
        where = option_at if locale is None else (*option_at, "name_localizations", locale)
        form.refuse(
            where, _OPTION_NAME_INVALID, f"Option name {name} is already used in these options"
        )

    _unique(found, clash)


def _choices(form: Form, at: Path, option: Mapping[str, Any]) -> None:
    for choice_at, choice in objects(option.get("choices"), (*at, "choices")):
        localizations(form, (*choice_at, "name_localizations"), choice)
        value = choice.get("value")
        if isinstance(value, str) and len(value) > CHOICE_VALUE_LENGTH:
            form.refuse(
                (*choice_at, "value"),
                "BASE_TYPE_MAX_LENGTH",
                f"Must be {CHOICE_VALUE_LENGTH} or fewer in length.",
            )


def _autocomplete(form: Form, at: Path, option: Mapping[str, Any]) -> None:
    """``autocomplete`` true only on a string, integer or number option without
    ``choices`` (the option structure and its footnote: "may not be set to true if
    ``choices`` are present"). Discord refuses another type at the field itself
    (discord-api-docs#4319 and #4359, whose wording about "Required" Discord has since
    fixed, to words no report shows: the emulator's are the docs'); no report shows its
    answer to choices beside it, which the emulator refuses at the same field."""
    where = (*at, "autocomplete")
    if option.get("autocomplete") is not True:
        return
    if option.get("type") not in AUTOCOMPLETED:
        form.refuse(
            where, _OPTION_TYPE_INVALID, "Autocomplete cannot be configured for this type of option"
        )
    elif option.get("choices"):
        form.refuse(where, "BASE_TYPE_BAD_VALUE", "Autocomplete and choices are mutually exclusive")


def _unique(things: list[tuple[Path, Mapping[str, Any]]], clash: Clash) -> None:
    """Names at one level (an app's commands of one type, or one array of options): the
    default names are unique, and each translated name differs from every other default
    name there and from every other name its locale shows there (Localization)."""
    defaults = [str(thing.get("name")) for _, thing in things]
    seen: set[str] = set()
    for (at, _), default in zip(things, defaults, strict=True):
        if default in seen:
            clash(at, None, default)
        seen.add(default)
    locales = sorted({locale for _, thing in things for locale in _names_in_locales(thing)})
    for locale in locales:
        shown: set[str] = set()
        for index, (at, thing) in enumerate(things):
            translated = _names_in_locales(thing).get(locale)
            if translated is None:
                shown.add(defaults[index])
                continue
            if translated in shown or translated in defaults[:index] + defaults[index + 1 :]:
                clash(at, locale, translated)
            shown.add(translated)


def _names_in_locales(thing: Mapping[str, Any]) -> dict[str, str]:
    """A thing's translated names, in the locales Discord knows."""
    names = thing.get("name_localizations")
    if not isinstance(names, Mapping):
        return {}
    return {
        locale: name
        for locale, name in names.items()
        if locale in LOCALES and isinstance(name, str)
    }


def command_size(thing: Mapping[str, Any]) -> int:
    """What counts towards ``COMMAND_SIZE``: every name, description and (a choice's)
    value of the command, its options and their choices, only the longest of each field's
    default and translations counted (Slash Commands)."""
    size = _longest(thing, "name") + _longest(thing, "description")
    if "value" in thing:
        size += len(str(thing["value"]))
    for key in ("options", "choices"):
        parts = thing.get(key)
        if isinstance(parts, list):
            size += sum(command_size(part) for part in parts if isinstance(part, Mapping))
    return size


def _longest(thing: Mapping[str, Any], field: str) -> int:
    translations = thing.get(f"{field}_localizations")
    texts = [
        thing.get(field) or "",
        *(translations.values() if isinstance(translations, Mapping) else ()),
    ]
    return max(len(str(text)) for text in texts)


def localizations(form: Form, at: Path, thing: Mapping[str, Any]) -> list[tuple[str, str]]:
    """A localizations object's texts in the locales Discord knows; a locale it doesn't
    know is refused (the description checks the object and its texts' lengths)."""
    localized = thing.get(str(at[-1]))
    if not isinstance(localized, Mapping):
        return []
    known = []
    for locale, value in localized.items():
        if locale not in LOCALES:
            form.refuse(
                (*at, str(locale)),
                "ENUM_TYPE_COERCE",
                f'Value "{locale}" is not a valid enum value.',
            )
        elif isinstance(value, str):
            known.append((str(locale), value))
    return known
