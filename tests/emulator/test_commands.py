"""Registering application commands: the emulator refuses what Discord refuses (50035
with the place named), keeps their translations, and lets a member type a command in
their own language while the bot receives the commands' own names."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord import app_commands
from discord.app_commands import locale_str

from emulator.command_limits import command_problems, localized
from tests.emulator.rest import Bot, Place

Payload = dict[str, Any]


def command(**extra: Any) -> Payload:
    return {"name": "game", "description": "Play", "type": 1, **extra}


def sub(name: str = "new", **extra: Any) -> Payload:
    return {"name": name, "description": "Open a lobby", "type": 1, **extra}


def places(body: object) -> list[tuple[str, str]]:
    return [(".".join(map(str, p.path)), p.code) for p in command_problems(body)]


def test_well_formed_commands_in_two_languages_pass() -> None:
    body = [
        command(
            name_localizations={"de": "spiel"},
            description_localizations={"de": "Spielen"},
            options=[
                sub(
                    name_localizations={"de": "neu"},
                    options=[
                        {
                            "name": "level",
                            "description": "How well",
                            "type": 3,
                            "name_localizations": {"de": "stärke"},
                            "choices": [
                                {
                                    "name": "easy",
                                    "value": "easy",
                                    "name_localizations": {"de": "leicht"},
                                }
                            ],
                        }
                    ],
                )
            ],
        )
    ]
    assert places(body) == []


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ([command(name="Game")], ("0.name", "APPLICATION_COMMAND_INVALID_NAME")),
        ([command(name="a game")], ("0.name", "APPLICATION_COMMAND_INVALID_NAME")),
        ([command(name="x" * 33)], ("0.name", "BASE_TYPE_BAD_LENGTH")),
        ([command(description="")], ("0.description", "BASE_TYPE_REQUIRED")),
        ([command(description="x" * 101)], ("0.description", "BASE_TYPE_BAD_LENGTH")),
        (
            [command(name_localizations={"de": "Neues Spiel"})],
            ("0.name_localizations.de", "APPLICATION_COMMAND_INVALID_NAME"),
        ),
        (
            [command(name_localizations={"german": "spiel"})],
            ("0.name_localizations.german", "ENUM_TYPE_COERCE"),
        ),
        (
            [command(description_localizations={"de": "x" * 101})],
            ("0.description_localizations.de", "BASE_TYPE_BAD_LENGTH"),
        ),
        (
            [
                command(
                    options=[
                        sub(
                            options=[
                                {
                                    "name": "o",
                                    "description": "d",
                                    "type": 3,
                                    "choices": [{"name": "x" * 101, "value": "v"}],
                                }
                            ]
                        )
                    ]
                )
            ],
            ("0.options.0.options.0.choices.0.name", "BASE_TYPE_BAD_LENGTH"),
        ),
        (
            [command(options=[sub(), sub()])],
            ("0.options.1.name", "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS"),
        ),
        ([command(), command()], ("1.name", "APPLICATION_COMMANDS_DUPLICATE_NAME")),
    ],
)
def test_what_discord_refuses_is_refused_at_its_place(
    body: list[Payload], expected: tuple[str, str]
) -> None:
    assert expected in places(body)


def test_a_name_seen_in_a_locale_falls_back_to_the_commands_own() -> None:
    thing = {"name": "new", "name_localizations": {"de": "neu"}}
    assert localized(thing, "de") == "neu"
    assert localized(thing, "fr") == "new"


async def test_a_refused_sync_answers_50035_and_keeps_the_commands_registered_before(
    place: Place,
) -> None:
    path = f"/applications/{place.emulator.application_id}/commands"
    status, _ = await place.call("PUT", path, [command()])  # type: ignore[arg-type]
    assert status == 200
    status, body = await place.call("PUT", path, [command(name="Bad Name")])  # type: ignore[arg-type]
    assert status == 400 and body["code"] == 50035
    assert body["errors"]["0"]["name"]["_errors"][0]["code"] == "APPLICATION_COMMAND_INVALID_NAME"
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
