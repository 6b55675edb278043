"""The platform knows games only through ``bot.games`` (ARCHITECTURE.md): no part of it
imports a game's engine or renderer, and the engines import nothing above them."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from bot.games.registry import REGISTERED

ROOT = Path(__file__).resolve().parents[1]
GAMES = tuple(game.domain for game in REGISTERED)
PLATFORM = ("bot/service", "bot/discord_ui", "bot/background", "bot/storage", "bot/ladder")


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
    "emulator": {"bot", "engine", "i18n", "sandbox"},
}
"""What each lower package must not import. The words (``i18n``) sit beside the engines:
the renderers and the bot use them, and they use nothing of ours; the engines have no
words at all. The local Discord (``emulator``) is a tool beside the product: it stands
in for Discord and knows nothing of the bot (it draws avatars with the renderers' fonts)."""


@pytest.mark.parametrize("package", sorted(BELOW))
def test_engines_renderers_and_words_import_nothing_above_them(package: str) -> None:
    above = {
        f"{path.relative_to(ROOT)}: {name}"
        for path in sources(package)
        for name in imported(path)
        if name.split(".")[0] in BELOW[package]
    }
    assert not above


TOOLS = ("emulator", "sandbox")
"""Beside the product: the bot runs without them."""
STARTS_THE_SANDBOX = "bot/__main__.py"
"""The one place the bot loads a tool: without a token it starts the sandbox."""


def test_the_bot_imports_no_tool() -> None:
    tools = {
        f"{path.relative_to(ROOT)}: {name}"
        for path in sources("bot")
        for name in imported(path)
        if name.split(".")[0] in TOOLS
        and not (str(path.relative_to(ROOT)) == STARTS_THE_SANDBOX and name == "sandbox.run")
    }
    assert not tools


def test_the_bot_with_a_token_never_loads_the_sandbox() -> None:
    """The entry point loads the sandbox only when it starts it."""
    code = (
        "import sys, bot.__main__, bot.discord_ui.client\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('sandbox', 'emulator')))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert loaded.stdout.strip() == "[]"


def test_the_background_work_knows_nothing_of_discord() -> None:
    """Deadlines, computer players, catch-ups, locks and leases are driven by the Discord
    layer and call it back through protocols of their own."""
    assert sources("bot/background")
    discord = {
        f"{path.relative_to(ROOT)}: {name}"
        for path in sources("bot/background")
        for name in imported(path)
        if name.split(".")[0] == "discord" or name.startswith("bot.discord_ui")
    }
    assert not discord
