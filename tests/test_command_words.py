"""Every command a text names is the one its reader types: in each language's catalogs,
a command written out (``/meine einstellungen folgen``) is that language's own name of
the command, its subcommand and its option, as the command tree registers them, never
another language's (``/my settings folgen`` in German would be refused by Discord's
box). The English source is held to the English names the same way."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from babel.messages.pofile import read_po

from i18n import DEFAULT, LANGUAGES
from i18n.language import LOCALES_DIR, domains
from tests.discord_ui.test_command_names import registered

WRITTEN = re.compile(r"(?<![\w/<{])/([\w-]+)(?: ([\w-]+))?(?: ([\w-]+))?")
"""A command as a text writes it out: its name, then maybe a subcommand and an option."""
LOCALE = {"de": "de"}
"""Each language's locale in Discord's names (the catalogs' codes are the same)."""


@cache
def tree() -> list[dict[str, Any]]:
    import asyncio

    return asyncio.run(registered())


def named(thing: dict[str, Any], language: str) -> str:
    if language == DEFAULT:
        return str(thing["name"])
    return str((thing.get("name_localizations") or {}).get(LOCALE[language], thing["name"]))


def every_name(thing: dict[str, Any]) -> set[str]:
    return {str(thing["name"]), *(thing.get("name_localizations") or {}).values()}


def wrong(text: str, language: str) -> Iterator[str]:
    """Each command ``text`` writes out that is not ``language``'s own."""
    for match in WRITTEN.finditer(text):
        # The command, then its subcommand, then its option: each among the one before's.
        choices = tree()
        for word in (w for w in match.groups() if w):
            part = next((c for c in choices if word in every_name(c)), None)
            if part is None:
                break
            if word != named(part, language):
                yield match.group(0)
                break
            choices = part.get("options", [])


def texts(language: str) -> Iterator[tuple[str, str]]:
    """(domain, text) for every text of ``language``: its catalogs' translations, or the
    English source."""
    folder = "de" if language == DEFAULT else language
    for domain in domains():
        with (LOCALES_DIR / folder / "LC_MESSAGES" / f"{domain}.po").open("rb") as po:
            for message in read_po(po):
                if not message.id:
                    continue
                said = message.id if language == DEFAULT else message.string
                for text in [said] if isinstance(said, str) else said or ():
                    if text:
                        yield domain, text


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_command_a_text_names_is_its_readers_own(language: str) -> None:
    found = {text: list(wrong(text, language)) for _, text in texts(language)}
    assert {text: names for text, names in found.items() if names} == {}


def test_the_check_finds_a_command_of_another_language() -> None:
    assert list(wrong("Choose with /my settings folgen.", "de")) == ["/my settings folgen"]
    assert list(wrong("Mit /meine einstellungen following.", "de")) == [
        "/meine einstellungen following"
    ]
    assert list(wrong("Use /meine spiele.", DEFAULT)) == ["/meine spiele"]
    assert list(wrong("Mit /meine einstellungen folgen.", "de")) == []
