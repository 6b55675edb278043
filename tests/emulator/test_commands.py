"""Registering application commands: the emulator refuses what Discord refuses (50035
with the place named, 30032 for too many commands), above all two names alike at one
level in any language; keeps their translations; and lets a member type a command in
their own language while the bot receives the commands' own names."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.app_commands import locale_str

from emulator.command_limits import (
    CHAT_INPUT,
    MESSAGE,
    USER,
    check_commands,
    command_problems,
    localized,
)
from emulator.responses import DiscordError
from tests.emulator.rest import Bot, Place

Payload = dict[str, Any]
STRING = 3


def command(**extra: Any) -> Payload:
    return {"name": "game", "description": "Play", "type": 1, **extra}


def sub(name: str = "new", **extra: Any) -> Payload:
    return {"name": name, "description": "Open a lobby", "type": 1, **extra}


def option(name: str = "level", **extra: Any) -> Payload:
    return {"name": name, "description": "How well", "type": STRING, **extra}


def choice(name: str = "easy", **extra: Any) -> Payload:
    return {"name": name, "value": name, **extra}


def group(name: str = "admin", **extra: Any) -> Payload:
    return {"name": name, "description": "For admins", "type": 2, **extra}


def de(name: str) -> Payload:
    return {"name_localizations": {"de": name}}


def places(body: object) -> list[tuple[str, str]]:
    return [(".".join(map(str, p.path)), p.code) for p in command_problems(body)]


def test_well_formed_commands_in_two_languages_pass() -> None:
    body = [
        command(
            name_localizations={"de": "spiel"},
            description_localizations={"de": "Spielen"},
            options=[
                sub(
                    **de("neu"),
                    options=[
                        option(
                            required=True,
                            **de("stärke"),
                            choices=[choice(**de("leicht")), choice("hard", **de("schwer"))],
                        ),
                        option("bots", type=4),
                    ],
                ),
                # A group of subcommands beside a subcommand; the same option name in two
                # subcommands; a translation the same as its default.
                group(options=[sub("reset", options=[option()]), sub("log", **de("log"))]),
                sub("history", **de("verlauf")),
            ],
        ),
        # A context menu command may have capitals and spaces, and the name of a slash
        # command: each type has its own names.
        {"name": "Give Thanks", "type": USER, "name_localizations": {"de": "Danke sagen"}},
        {"name": "game", "type": MESSAGE, "description": ""},
    ]
    assert places(body) == []
    check_commands(body)


@pytest.mark.parametrize(
    "name",
    [
        "stärke",
        "2048",
        "a_b-c",
        "\u0916\u0947\u0932\u094b",  # खेलो: Devanagari, with its vowel signs
        "\u0e40\u0e25\u0e48\u0e19",  # เล่น: Thai, with its tone mark
        "isn\u02bct",  # the modifier letter apostrophe Discord allows
        "\u00df",  # ß is lower case, whatever str.upper makes of it
        "x" * 32,
    ],
)
def test_names_in_any_script_pass_in_lower_case(name: str) -> None:
    assert places([command(name=name, options=[sub(name)], **de(name))]) == []


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("Game", "APPLICATION_COMMAND_INVALID_NAME"),
        ("\u00c9t\u00e9", "APPLICATION_COMMAND_INVALID_NAME"),  # Été: a capital with an accent
        ("a game", "STRING_TYPE_REGEX"),
        ("isn't", "STRING_TYPE_REGEX"),  # the docs' apostrophe, which Discord refuses
        ("game!", "STRING_TYPE_REGEX"),
        ("e\u0301", "STRING_TYPE_REGEX"),  # a combining accent belongs to no script of a name
        ("\u0916\u0964", "STRING_TYPE_REGEX"),  # the danda is every Indic script's
        ("x" * 33, "BASE_TYPE_BAD_LENGTH"),
        ("", "BASE_TYPE_BAD_LENGTH"),
    ],
)
def test_a_name_breaking_the_naming_rule_is_refused_for_commands_and_options(
    name: str, code: str
) -> None:
    assert ("0.name", code) in places([command(name=name)])
    assert ("0.options.0.name", code) in places([command(options=[sub(name)])])
    assert ("0.options.0.options.0.name", code) in places(
        [command(options=[sub(options=[option(name)])])]
    )


@pytest.mark.parametrize(
    ("name", "whole", "code"),
    [
        ("Neu", True, "APPLICATION_COMMAND_INVALID_NAME"),
        ("neues spiel", True, "APPLICATION_COMMAND_INVALID_NAME"),
        ("isn't", True, "APPLICATION_COMMAND_INVALID_NAME"),
        ("x" * 33, False, "BASE_TYPE_BAD_LENGTH"),
        ("", False, "BASE_TYPE_BAD_LENGTH"),
    ],
)
def test_a_translated_name_breaking_the_rule_is_refused_where_discord_names_it(
    name: str, whole: bool, code: str
) -> None:
    """An invalid name in a command's translations at the whole dictionary (as Discord
    answers), in an option's at the locale; a bad length always at the locale."""
    assert places([command(**de(name))]) == [
        ("0.name_localizations" if whole else "0.name_localizations.de", code)
    ]
    assert places([command(options=[sub(**de(name))])]) == [
        ("0.options.0.name_localizations.de", code)
    ]


def test_a_context_menu_command_has_only_the_length_of_its_name_checked() -> None:
    assert places([{"name": "Give Thanks!", "type": USER}]) == []
    assert places([{"name": "x" * 33, "type": MESSAGE}]) == [("0.name", "BASE_TYPE_BAD_LENGTH")]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ([command(description="")], ("0.description", "BASE_TYPE_REQUIRED")),
        ([command(description="x" * 101)], ("0.description", "BASE_TYPE_BAD_LENGTH")),
        (
            [command(name_localizations={"german": "spiel"})],
            ("0.name_localizations.german", "ENUM_TYPE_COERCE"),
        ),
        (
            [command(description_localizations={"de": "x" * 101})],
            ("0.description_localizations.de", "BASE_TYPE_BAD_LENGTH"),
        ),
        (
            [command(options=[sub(description_localizations={"de": ""})])],
            ("0.options.0.description_localizations.de", "BASE_TYPE_BAD_LENGTH"),
        ),
        (
            [command(options=[sub(description_localizations={"de": "  "})])],
            ("0.options.0.description_localizations.de", "BASE_TYPE_REQUIRED"),
        ),
        (
            [command(options=[sub(options=[option(choices=[choice("x" * 101)])])])],
            ("0.options.0.options.0.choices.0.name", "BASE_TYPE_BAD_LENGTH"),
        ),
        (
            [command(options=[sub(options=[option(choices=[choice(**de("x" * 101))])])])],
            ("0.options.0.options.0.choices.0.name_localizations.de", "BASE_TYPE_BAD_LENGTH"),
        ),
        (
            [command(options=[option(choices=[{"name": "long", "value": "x" * 101}])])],
            ("0.options.0.choices.0.value", "BASE_TYPE_MAX_LENGTH"),
        ),
    ],
)
def test_descriptions_and_choices_have_discords_lengths(
    body: list[Payload], expected: tuple[str, str]
) -> None:
    assert expected in places(body)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # Default names, at each level.
        ([command(), command()], [("1", "APPLICATION_COMMANDS_DUPLICATE_NAME")]),
        (
            [command(options=[sub(), sub()])],
            [("0.options.1", "APPLICATION_COMMAND_OPTIONS_NAME_INVALID")],
        ),
        (
            [command(options=[sub(options=[option(), option()])])],
            [("0.options.0.options.1", "APPLICATION_COMMAND_OPTIONS_NAME_INVALID")],
        ),
        # Two translations alike in one locale: log and history both "verlauf".
        (
            [command(options=[sub("log", **de("verlauf")), sub("history", **de("verlauf"))])],
            [("0.options.1.name_localizations.de", "APPLICATION_COMMAND_OPTIONS_NAME_INVALID")],
        ),
        (
            [command(options=[sub(options=[option("a", **de("x")), option("b", **de("x"))])])],
            [
                (
                    "0.options.0.options.1.name_localizations.de",
                    "APPLICATION_COMMAND_OPTIONS_NAME_INVALID",
                )
            ],
        ),
        # A translation that is another option's default name, even one translated itself.
        (
            [command(options=[sub("log", **de("history")), sub("history", **de("verlauf"))])],
            [("0.options.0.name_localizations.de", "APPLICATION_COMMAND_OPTIONS_NAME_INVALID")],
        ),
        (
            [command(options=[sub("history"), sub("log", **de("history"))])],
            [("0.options.1.name_localizations.de", "APPLICATION_COMMAND_OPTIONS_NAME_INVALID")],
        ),
        # Top-level commands of one type.
        (
            [command(**de("spiel")), command(name="play", **de("spiel"))],
            [("1", "APPLICATION_COMMANDS_DUPLICATE_NAME")],
        ),
        (
            [command(name="play", **de("game")), command()],
            [("0", "APPLICATION_COMMANDS_DUPLICATE_NAME")],
        ),
        (
            [{"name": "Thank", "type": USER}, {"name": "Thank", "type": USER}],
            [("1", "APPLICATION_COMMANDS_DUPLICATE_NAME")],
        ),
    ],
)
def test_names_are_unique_at_their_level_in_every_language(
    body: list[Payload], expected: list[tuple[str, str]]
) -> None:
    assert places(body) == expected


def test_names_alike_in_different_places_or_locales_pass() -> None:
    body = [
        command(
            options=[
                sub("log", **de("verlauf")),
                # The same translation in another locale, the same names a level down.
                sub("history", name_localizations={"fr": "verlauf"}, options=[option("log")]),
                group("more", options=[sub("log", **de("verlauf"))]),
            ]
        ),
        {"name": "game", "type": USER},
    ]
    assert places(body) == []


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # A group within a group, or within a subcommand: only one level of groups.
        (
            [command(options=[group(options=[group(options=[sub()])])])],
            "0.options.0.options.0",
        ),
        ([command(options=[sub(options=[group(options=[sub()])])])], "0.options.0.options.0"),
        ([command(options=[sub(options=[sub("deeper")])])], "0.options.0.options.0"),
        ([command(options=[group(options=[option()])])], "0.options.0.options.0"),
        # Subcommands exclude every other kind of option beside them.
        ([command(options=[sub(), option()])], "0.options.1"),
        ([command(options=[option(), group(options=[sub()])])], "0.options.1"),
    ],
)
def test_subcommands_nest_as_discord_allows(body: list[Payload], expected: str) -> None:
    assert (expected, "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID") in places(body)


def test_required_options_come_first() -> None:
    body = [command(options=[sub(options=[option("a"), option("b", required=True)])])]
    assert places(body) == [
        ("0.options.0.options.1", "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID")
    ]
    body = [command(options=[sub(options=[option("a", required=True), option("b")])])]
    assert places(body) == []


def subcommands(count: int) -> list[Payload]:
    return [command(options=[sub(f"s{n}") for n in range(count)])]


def options(count: int) -> list[Payload]:
    return [command(options=[sub(options=[option(f"o{n}") for n in range(count)])])]


def choices(count: int) -> list[Payload]:
    return [command(options=[option(choices=[choice(f"c{n}") for n in range(count)])])]


def commands(count: int) -> list[Payload]:
    return [command(name=f"c{n}") for n in range(count)]


@pytest.mark.parametrize(
    ("make", "most", "where"),
    [
        (subcommands, 25, "0.options"),
        (options, 25, "0.options.0.options"),
        (choices, 25, "0.options.0.choices"),
        # One overwrite: 100 slash commands, 15 of each context menu's.
        (commands, 130, ""),
    ],
)
def test_counts_have_discords_limits(
    make: Callable[[int], list[Payload]], most: int, where: str
) -> None:
    assert (where, "BASE_TYPE_MAX_LENGTH") not in places(make(most))
    assert (where, "BASE_TYPE_MAX_LENGTH") in places(make(most + 1))


@pytest.mark.parametrize(
    ("kinds", "most"),
    [({CHAT_INPUT: 101}, 100), ({USER: 16}, 15), ({MESSAGE: 16, CHAT_INPUT: 100}, 15)],
)
def test_more_commands_of_a_type_than_an_app_may_have_are_refused_with_30032(
    kinds: dict[int, int], most: int
) -> None:
    body = [
        {"name": f"c{n}", "type": kind, "description": "Play" if kind == CHAT_INPUT else ""}
        for kind, count in kinds.items()
        for n in range(count)
    ]
    assert places(body) == []
    with pytest.raises(DiscordError) as refused:
        check_commands(body)
    assert (refused.value.code, refused.value.message) == (
        30032,
        f"Maximum number of application commands reached ({most})",
    )


def test_an_app_may_have_its_full_count_of_each_type_at_once() -> None:
    body = [
        {"name": f"c{n}", "type": kind, "description": "Play" if kind == CHAT_INPUT else ""}
        for kind, count in {CHAT_INPUT: 100, USER: 15, MESSAGE: 15}.items()
        for n in range(count)
    ]
    check_commands(body)


def sized(value_length: int) -> Payload:
    """A command of 3,927 characters and ``value_length``: its name and description (8), a
    subcommand's (15), two options' (2 each) and 20 choices of 200 but the last, whose
    name counts by its 100-character translation."""
    full = [choice("n" * 100, value="v" * 100) for _ in range(19)]
    last = choice("x", value="v" * value_length, **de("l" * 100))
    both = [
        option("a", description="d", choices=full[:10]),
        option("b", description="d", choices=[*full[10:], last]),
    ]
    return command(options=[sub(options=both)])


def test_a_command_is_at_most_4000_characters_counting_each_fields_longest_translation() -> None:
    assert places([sized(73)]) == []
    assert places([sized(74)]) == [("0", "APPLICATION_COMMAND_TOO_LARGE")]


def test_a_name_seen_in_a_locale_falls_back_to_the_commands_own() -> None:
    thing = {"name": "new", "name_localizations": {"de": "neu"}}
    assert localized(thing, "de") == "neu"
    assert localized(thing, "fr") == "new"


async def test_a_refused_sync_answers_discords_error_and_keeps_the_commands_before(
    place: Place,
) -> None:
    path = f"/applications/{place.emulator.application_id}/commands"
    status, _ = await place.call("PUT", path, [command()])  # type: ignore[arg-type]
    assert status == 200
    status, body = await place.call("PUT", path, [command(name="Game")])  # type: ignore[arg-type]
    assert status == 400 and body["code"] == 50035
    assert body["errors"]["0"]["name"]["_errors"][0]["code"] == "APPLICATION_COMMAND_INVALID_NAME"
    status, body = await place.call("PUT", path, commands(101))  # type: ignore[arg-type]
    assert (status, body["code"]) == (400, 30032)
    assert [c["name"] for c in place.emulator.commands[None]] == ["game"]


class _German(app_commands.Translator):
    async def translate(
        self,
        string: locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        german = {"greet": "grüßen", "who": "wen", "Say hello": "Hallo sagen", "Whom": "Wen"}
        return german.get(string.message) if locale is discord.Locale.german else None


async def test_a_member_types_the_command_in_their_language_and_the_bot_gets_its_own_names(
    place: Place, bot: Bot
) -> None:
    heard: list[tuple[str, str]] = []

    @app_commands.command(name=locale_str("greet"), description=locale_str("Say hello"))
    @app_commands.rename(who=locale_str("who"))
    @app_commands.describe(who=locale_str("Whom"))
    async def greet(interaction: discord.Interaction, who: str) -> None:
        heard.append((interaction.locale.value, who))
        await interaction.response.send_message(f"hello {who}")

    bot.tree.add_command(greet)
    await bot.tree.set_translator(_German())
    await bot.tree.sync()
    (registered,) = place.emulator.commands[None]
    assert registered["name_localizations"]["de"] == "grüßen"
    assert registered["options"][0]["name_localizations"]["de"] == "wen"
    place.user.locale = "de"
    interaction = await place.emulator.slash(place.user, place.channel, "grüßen", wen="Bo")
    assert interaction.data["name"] == "greet"
    await place.emulator.answer(interaction)
    assert heard == [("de", "Bo")]
    with pytest.raises(KeyError):
        await place.emulator.slash(place.user, place.channel, "greet", who="Bo")
