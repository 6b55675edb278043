"""The command tree as the bot registers it, translated into every language it speaks, is
one Discord takes: every name, description and choice in every locale passes the
emulator's checks of Discord's rules, and above all no two commands or options at one
level share a name in any language (``log`` and ``history`` were both ``verlauf`` in
German, and Discord would run the one for the other)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord_ui.command_translator import CommandTranslator
from bot.discord_ui.commands import game_commands
from bot.games.faces import face_for
from bot.games.registry import GAMES
from emulator.command_limits import check_commands, command_problems
from i18n import DEFAULT, LANGUAGES, supported


async def registered() -> list[dict[str, Any]]:
    """The bulk overwrite the bot sends: every game's group, translated as
    ``CommandTree.sync`` translates them."""
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    for kind, rules in GAMES.items():
        tree.add_command(game_commands(rules, face_for(kind)))
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
