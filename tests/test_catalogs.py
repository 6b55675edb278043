"""The catalogs are complete and current: every text the code hands to gettext is in its
domain's template and has a German translation with the same placeholders, the compiled
catalogs are those of the translations, and the command tree's German names are names
Discord takes."""

from __future__ import annotations

import io
import pickle
import re
import subprocess
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

from bot.games.registry import REGISTERED
from i18n.language import LANGUAGES, LOCALES_DIR, domains, language

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = [code for code in LANGUAGES if code != "en"]
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


def catalog(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file)


def po(language: str, domain: str) -> Path:
    return LOCALES_DIR / language / "LC_MESSAGES" / f"{domain}.po"


def ids(messages: Catalog) -> set[object]:
    return {(m.context, m.id) for m in messages if m.id}


def texts(text: str | tuple[str, ...] | list[str] | None) -> list[str]:
    """An entry's one text, or its singular and plural, or its plural forms."""
    if text is None:
        return []
    return [text] if isinstance(text, str) else list(text)


def test_every_game_and_the_platform_have_a_domain() -> None:
    assert set(domains()) == {"platform", *(game.domain for game in REGISTERED)}
    assert "de" in TRANSLATED


@pytest.mark.parametrize("domain", domains())
def test_the_template_holds_exactly_what_the_code_says_now(domain: str, tmp_path: Path) -> None:
    """Extracting afresh gives the committed template's texts: nothing was added to the
    code without its catalog entry, and nothing stale is kept."""
    fresh = tmp_path / f"{domain}.pot"
    subprocess.run(
        ["bash", str(ROOT / "scripts" / "catalogs.sh"), "template", domain, str(fresh)],
        check=True,
    )
    assert ids(catalog(fresh)) == ids(catalog(LOCALES_DIR / f"{domain}.pot"))


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("domain", domains())
def test_every_message_has_a_translation_with_the_same_placeholders(
    language: str, domain: str
) -> None:
    template = catalog(LOCALES_DIR / f"{domain}.pot")
    translated = catalog(po(language, domain))
    assert ids(translated) >= ids(template)
    problems = []
    for message in translated:
        if not message.id:
            assert not message.fuzzy, "the header is still marked fuzzy"
            continue
        if message.fuzzy or not all(texts(message.string)):
            problems.append(f"untranslated: {message.id!r}")
            continue
        wanted = {name for text in texts(message.id) for name in PLACEHOLDER.findall(text)}
        # A plural form may leave out the count itself ("in der letzten Partie").
        optional = {"n"} if message.pluralizable else set()
        for text in texts(message.string):
            found = set(PLACEHOLDER.findall(text))
            if not wanted - optional <= found <= wanted:
                problems.append(f"placeholders differ: {message.id!r} -> {text!r}")
    assert problems == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_text_two_domains_share_is_translated_alike(language: str) -> None:
    """The bot looks a text up in every domain in turn, so the same English (in the same
    context) in two games must mean the same there; otherwise one needs a context."""
    seen: dict[object, tuple[str, object]] = {}
    clashes = []
    for domain in domains():
        for message in catalog(po(language, domain)):
            if not message.id:
                continue
            key = (message.context, message.id)
            if key in seen and seen[key][1] != message.string:
                clashes.append(f"{message.id!r}: {seen[key][0]} and {domain} differ")
            seen.setdefault(key, (domain, message.string))
    assert clashes == []


def frozen(text: object) -> object:
    return tuple(text) if isinstance(text, list | tuple) else text


def compiled_messages(mo: bytes) -> dict[object, object]:
    """What a compiled catalog answers, message by message. Its header names the Babel
    that compiled it, which is no translation and changes with every Babel release."""
    answers: dict[object, object] = {}
    for message in read_mo(io.BytesIO(mo)):
        answers[(message.context, frozen(message.id))] = frozen(message.string)
    header = [
        line
        for line in str(answers.pop((None, ""), "")).splitlines()
        if not line.startswith("Generated-By:")
    ]
    answers["header"] = header
    return answers


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("domain", domains())
def test_the_compiled_catalog_is_the_translations(language: str, domain: str) -> None:
    fresh = io.BytesIO()
    write_mo(fresh, catalog(po(language, domain)))
    committed = po(language, domain).with_suffix(".mo").read_bytes()
    assert compiled_messages(committed) == compiled_messages(fresh.getvalue()), (
        f"run: bash scripts/catalogs.sh compile {domain}"
    )


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_language_pickles_as_its_code_and_comes_back_as_the_same_one(code: str) -> None:
    lang = language(code)
    data = pickle.dumps(lang)
    assert len(data) < 200  # not its catalogs
    assert pickle.loads(data) is lang
