"""The platform knows games only through ``bot.games`` (ARCHITECTURE.md): no part of it
imports a game's engine or renderer, and the engines import nothing above them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.games.registry import REGISTERED

ROOT = Path(__file__).resolve().parents[1]
GAMES = tuple(game.domain for game in REGISTERED)
PLATFORM = ("bot/service", "bot/discord_ui", "bot/storage", "bot/ladder")


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def sources(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


@pytest.mark.parametrize("folder", PLATFORM)
def test_the_platform_imports_no_single_game(folder: str) -> None:
    assert sources(folder)
    leaks = {
        f"{path.relative_to(ROOT)}: {name}"
        for path in sources(folder)
        for name in imported(path)
        if any(
            name == f"{layer}.{game}" or name.startswith(f"{layer}.{game}.")
            for layer in ("engine", "render")
            for game in GAMES
        )
    }
    assert not leaks


def test_the_check_sees_an_import_of_a_game(tmp_path: Path) -> None:
    leaky = tmp_path / "leaky.py"
    leaky.write_text("from engine.claimit import apply\nimport render.claimit.view\n")
    assert {"engine.claimit", "render.claimit.view"} <= imported(leaky)


BELOW = {
    "engine": {"bot", "discord", "aiosqlite", "render", "PIL", "i18n"},
    "render": {"bot", "discord", "aiosqlite"},
    "i18n": {"bot", "discord", "aiosqlite", "render", "PIL", "engine"},
}
"""What each lower package must not import. The words (``i18n``) sit beside the engines:
the renderers and the bot use them, and they use nothing of ours; the engines have no
words at all."""


@pytest.mark.parametrize("package", sorted(BELOW))
def test_engines_renderers_and_words_import_nothing_above_them(package: str) -> None:
    above = {
        f"{path.relative_to(ROOT)}: {name}"
        for path in sources(package)
        for name in imported(path)
        if name.split(".")[0] in BELOW[package]
    }
    assert not above
