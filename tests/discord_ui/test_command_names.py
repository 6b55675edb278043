"""The command tree as the bot registers it, translated into every language it speaks, is
one Discord takes: every name, description and choice in every locale passes the
emulator's checks of Discord's rules, and above all no two commands or options at one
level share a name in any language (``log`` and ``history`` were both ``verlauf`` in
German, and Discord would run the one for the other)."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord import app_commands

from bot.discord_ui.command_translator import CommandTranslator
from bot.discord_ui.commands import all_commands
from bot.games.faces import face_for
from bot.games.registry import GAMES
from emulator.command_limits import COMMAND_SIZE, check_commands, command_problems, command_size
from i18n import DEFAULT, LANGUAGES, supported


async def registered() -> list[dict[str, Any]]:
    """The bulk overwrite the bot sends: every game's group and the features' own, translated
    as ``CommandTree.sync`` translates them."""
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    for group in all_commands():
        tree.add_command(group)
    await tree.set_translator(CommandTranslator())
    assert tree.translator is not None
    return [await c.get_translated_payload(tree, tree.translator) for c in tree.get_commands()]


def locales(thing: object) -> set[str]:
    """Every locale any name in ``thing`` (a payload, or part of one) is translated into."""
    if isinstance(thing, list):
        return set().union(*(locales(part) for part in thing))
    if not isinstance(thing, dict):
        return set()
    found = set(thing.get("name_localizations") or {})
    return found.union(*(locales(part) for part in thing.values()))


async def test_every_language_of_the_command_tree_is_one_discord_takes() -> None:
    payload = await registered()
    assert [str(problem) for problem in command_problems(payload)] == []
    check_commands(payload)
    # It read every catalog: each language the bot speaks names something.
    assert {supported(locale) for locale in locales(payload)} == set(LANGUAGES) - {DEFAULT}


ROOM = 3800
"""What each group may count at most, of Discord's 4,000: room for the next subcommand."""


def only(thing: dict[str, Any], locale: str | None) -> dict[str, Any]:
    """``thing`` as a member whose Discord speaks ``locale`` reads it: each field's
    translation into that locale alone kept (``None``: none, the English)."""
    kept: dict[str, Any] = {}
    for key, value in thing.items():
        if key.endswith("_localizations"):
            value = {k: v for k, v in (value or {}).items() if k == locale}
        elif isinstance(value, list):
            value = [only(part, locale) if isinstance(part, dict) else part for part in value]
        kept[key] = value
    return kept


def test_every_game_group_and_every_own_group_is_registered() -> None:
    names = [group.name for group in all_commands()]
    assert names[: len(GAMES)] == [face_for(kind).command for kind in GAMES]
    assert {"my", "server", "tournament"} <= set(names)


@pytest.mark.parametrize("locale", [None, "de"])
async def test_every_group_leaves_room_for_more_as_discord_counts_it(locale: str | None) -> None:
    """Discord counts every name, description and choice value of a command, its
    subcommands' and options' included, each field by its longest translation: at most
    4,000 (Slash Commands). Each group stays at 3,800 at most in each language the bot
    speaks, and with all of them together, as Discord counts it."""
    payload = await registered()
    sizes = {command["name"]: command_size(only(command, locale)) for command in payload}
    assert {name: size for name, size in sizes.items() if size > ROOM} == {}
    assert all(command_size(command) <= ROOM for command in payload)
    assert ROOM < COMMAND_SIZE
