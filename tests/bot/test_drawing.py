"""The bot names the drawing functions it asks for rather than importing them: each name
is the function mypy is shown, a named drawing crosses to a picture process by its names
and draws what the function draws, and the bot's process, ready to play, has loaded
neither Pillow nor the drawing code (nor SQLAlchemy)."""

from __future__ import annotations

import ast
import importlib
import pickle
import subprocess
import sys
from pathlib import Path

from bot.games import drawing
from bot.games.drawing import Drawing
from render.gold_nuggets.pictures import render_table
from render.gold_nuggets.view import NuggetsView

ROOT = Path(__file__).resolve().parents[2]


def _branches() -> tuple[dict[str, tuple[str, str]], dict[str, tuple[str, str]]]:
    """Each name as mypy is shown it (the function it imports) and as it runs (the
    module and name its drawing is made of)."""
    tree = ast.parse(Path(drawing.__file__).read_text(encoding="utf-8"))
    checked = next(node for node in tree.body if isinstance(node, ast.If))
    imported = {
        alias.asname or alias.name: (node.module or "", alias.name)
        for node in checked.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    shown = {
        node.targets[0].id: imported[node.value.id]
        for node in checked.body
        if isinstance(node, ast.Assign)
        and isinstance(node.targets[0], ast.Name)
        and isinstance(node.value, ast.Name)
    }
    run = {
        name: (value.__module__, value.__qualname__)
        for name, value in vars(drawing).items()
        if isinstance(value, Drawing)
    }
    return shown, run


def test_each_drawing_names_the_function_mypy_is_shown() -> None:
    shown, run = _branches()
    assert shown == run
    for module, name in run.values():
        assert callable(getattr(importlib.import_module(module), name))


def test_a_drawing_crosses_by_its_names_and_draws_what_its_function_draws() -> None:
    view = NuggetsView(names=("Ann", "Bo"), nuggets=(3, 12), centre=62, turn=1)
    table = Drawing("render.gold_nuggets.pictures", "render_table")
    crossed = pickle.loads(pickle.dumps(table))
    assert (crossed.__module__, crossed.__qualname__) == (table.__module__, table.__qualname__)
    assert len(pickle.dumps(table)) < 120
    assert crossed(view) == render_table(view)


READY = """
import asyncio, sys
import bot.command_line
from bot.discord_ui.client import GameBot
from bot.discord_ui.part_registry import discovered as parts_discovered
from bot.games.faces import face_for
from bot.games.registry import GAMES
from bot.service.feature_registry import discovered
from bot.storage.opening import open_database

async def opened() -> None:
    discovered()
    parts_discovered()
    for kind in GAMES:
        face_for(kind)
    database = await open_database(sys.argv[1])
    await database.close()

asyncio.run(opened())
for package in ("PIL", "sqlalchemy", "render.common.png", "render.claim.pictures"):
    print(package, package in sys.modules)
"""


def test_the_bots_process_loads_no_drawing_code_nor_sqlalchemy(
    tmp_path: Path,
) -> None:
    ready = subprocess.run(
        [sys.executable, "-c", READY, str(tmp_path / "new.sqlite3")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    assert ready.stdout.splitlines() == [
        "PIL False",
        "sqlalchemy False",
        "render.common.png False",
        "render.claim.pictures False",
    ]
