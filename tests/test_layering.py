"""The platform knows games only through ``bot.games`` (docs/developing.md, "How the code
is laid out"): no part of it imports a game's engine or renderer, the engines import
nothing above them, storage nothing of the layers above it, and no modules import each
other round. An import inside a function counts like any other."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.activity import page_build
from bot.games.registry import REGISTERED
from bot.service import GameService

ROOT = Path(__file__).resolve().parents[1]
GAMES = tuple(game.domain for game in REGISTERED)
PLATFORM = (
    "bot/service",
    "bot/discord_ui",
    "bot/background",
    "bot/storage",
    "bot/league",
)


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


@pytest.fixture
def module(tmp_path: Path) -> Callable[[str], Path]:
    """Writes a module of the source given, for a check's own test to read."""

    def written(source: str) -> Path:
        path = tmp_path / "module.py"
        path.write_text(source)
        return path

    return written


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


def test_the_check_sees_an_import_of_a_game(module: Callable[[str], Path]) -> None:
    leaky = module(
        "from engine.claimit import apply\nimport render.claimit.view\n\n\n"
        "def later() -> None:\n    import engine.claim.cards\n"
    )
    assert {"engine.claimit", "render.claimit.view", "engine.claim.cards"} <= imported(leaky)


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
STARTS_THE_SANDBOX = "bot/command_line.py"
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
        "import sys, bot.command_line, bot.discord_ui.client\n"
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


CHANGING = {"time", "datetime", "random", "secrets", "os", "uuid"}
"""What of the standard library answers differently from one call to the next."""


def test_the_league_arithmetic_imports_only_what_answers_the_same_each_time() -> None:
    """Tournaments' tables, pairings and standings are pure like the engines: no
    database, no Discord, no clock, no chance, so every process plans the same round."""
    assert sources("bot/league")
    outside = {
        f"{path.relative_to(ROOT)}: {name}"
        for path in sources("bot/league")
        for name in imported(path)
        if not within(name, "bot.league")
        and (name.split(".")[0] not in sys.stdlib_module_names or name.split(".")[0] in CHANGING)
    }
    assert not outside


OURS = ("bot", "engine", "render", "i18n", "emulator", "sandbox")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def module_imports(path: Path, modules: set[str]) -> set[str]:
    """What a module imports, wherever it does (``TYPE_CHECKING`` imports too, for a type
    checker reads them, and imports inside functions, made when they run), each as the
    module it names, with the packages that importing it loads."""
    loaded: set[str] = set()
    for name in imported_names(path):
        parts = name.split(".")
        loaded.update(".".join(parts[: n + 1]) for n in range(len(parts)))
    return loaded & modules


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, round (Tarjan's strongly connected
    components of more than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in graph[module]:
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                circles.append(sorted(group))

    for module in graph:
        if module not in index:
            visit(module)
    return circles


def test_no_modules_import_each_other_round() -> None:
    """A module's own package loads before it: importing it back is no circle."""
    paths = {module_name(path): path for top in OURS for path in sources(top)}
    graph = {
        module: {
            other
            for other in module_imports(path, set(paths))
            if other != module and not module.startswith(f"{other}.")
        }
        for module, path in paths.items()
    }
    assert import_circles(graph) == []


def test_the_circle_check_sees_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert import_circles(graph) == [["a", "b", "c"]]


def test_the_circle_check_reads_imports_inside_functions(
    module: Callable[[str], Path],
) -> None:
    late = module("def later() -> None:\n    from bot.storage import postgres\n")
    modules = {"bot", "bot.storage", "bot.storage.postgres", "bot.storage.sqlite"}
    assert module_imports(late, modules) == {"bot", "bot.storage", "bot.storage.postgres"}


PAGE_IMPORT = re.compile(r"""^\s*(?:import|export)\b[^'";]*?['"](\.\.?/[^'"]+)['"]""", re.MULTILINE)
"""A relative import of the board's page, types only or not (``import type { A } from
'./a.ts'``, ``export * from '../b.ts'``, ``import './c.ts'``)."""


def page_graph(folder: Path) -> dict[str, set[str]]:
    """Each TypeScript module under ``folder`` and the modules of it it imports (its
    stylesheet is none)."""
    paths = sorted(folder.rglob("*.ts"))
    modules = {str(path.relative_to(folder)) for path in paths}
    return {
        str(path.relative_to(folder)): {
            str((path.parent / named).resolve().relative_to(folder.resolve()))
            for named in PAGE_IMPORT.findall(path.read_text(encoding="utf-8"))
        }
        & modules
        for path in paths
    }


def test_no_modules_of_the_page_import_each_other_round() -> None:
    """Type-only imports count: a board importing its types from the list of boards that
    imports it is a circle a reader has to walk round all the same."""
    graph = page_graph(page_build.PAGE / "src")
    assert len(graph) > 10 and graph["boards.ts"]
    assert import_circles(graph) == []


def test_the_page_circle_check_sees_a_type_only_circle(tmp_path: Path) -> None:
    (tmp_path / "boards").mkdir()
    (tmp_path / "list.ts").write_text("import * as one from './boards/one.ts';\n")
    (tmp_path / "boards" / "one.ts").write_text(
        "import type {\n  Drawn,\n} from '../list.ts';\nimport { h } from '../dom.ts';\n"
    )
    (tmp_path / "dom.ts").write_text("export const h = 1;\n")
    assert import_circles(page_graph(tmp_path)) == [["boards/one.ts", "list.ts"]]


ABOVE_STORAGE = ("bot.games", "bot.service", "bot.features", "bot.discord_ui", "bot.background")
"""What storage must not import: it decodes games through what they register below it
(``bot.storage.game_forms``), and the service and the runtimes drive it."""


def test_storage_imports_nothing_above_it() -> None:
    assert sources("bot/storage")
    above = {
        f"{path.relative_to(ROOT)}: {name}"
        for path in sources("bot/storage")
        for name in imported_names(path)
        if any(name == layer or name.startswith(f"{layer}.") for layer in ABOVE_STORAGE)
    }
    assert not above


ABOVE_THE_GAMES = ("bot.discord_ui", "bot.service", "bot.background", "discord")
"""What no game's code imports: the layers above it, and Discord's library."""
STORAGE_BELOW_THE_GAMES = (
    "bot.storage.records",
    "bot.storage.ratings",
    "bot.storage.game_values",
    "bot.storage.game_forms",
)
"""The parts of the storage the games use: its typed rows and the ratings in them, the
plain values a game's options and positions are made of, and the registry of game forms
they fill in (the rest is above them)."""


def above_the_games(name: str) -> bool:
    """Whether importing ``name`` (a module, or a name in one) reaches above the games."""
    if within(name, "bot.storage"):
        return not any(within(name, below) for below in STORAGE_BELOW_THE_GAMES)
    return any(within(name, layer) for layer in ABOVE_THE_GAMES)


def within(name: str, module: str) -> bool:
    return name == module or name.startswith(f"{module}.")


def test_the_games_import_nothing_above_them() -> None:
    """A game's face says what to show as data, with words, limits and escaping of its
    own level; the presenter alone draws it. Imports inside functions count too."""
    assert sources("bot/games")
    above = {
        f"{path.relative_to(ROOT)}: {name}"
        for path in sources("bot/games")
        for name in imported_names(path)
        if above_the_games(name)
    }
    assert not above


def test_the_games_check_sees_every_import_above_them(module: Callable[[str], Path]) -> None:
    leaky = module(
        "from bot.storage import Game\n"
        "from bot.storage.records import Seat\n"
        "def later() -> None:\n"
        "    import discord.utils\n"
        "    from bot.discord_ui import game_notes\n"
        "    from bot.service.game_service import GameService\n"
        "    from bot.storage import queries\n"
    )
    assert sorted(name for name in imported_names(leaky) if above_the_games(name)) == [
        "bot.discord_ui.game_notes",
        "bot.service.game_service.GameService",
        "bot.storage.Game",
        "bot.storage.queries",
        "discord.utils",
    ]


def imported_names(path: Path) -> set[str]:
    """Every module, or name in a module, that ``path`` imports, in full
    (``from bot.discord_ui import game_notes`` is ``bot.discord_ui.game_notes``)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


FEATURES = "bot.features"
"""Where each feature is a folder of its own (``bot.service.feature_registry``), its
Discord part in it (``bot.discord_ui.part_registry``)."""


def parts_named(path: Path, package: str) -> set[str]:
    """What of ``package``'s modules ``path`` imports (the package itself, a folder the
    registry walks, is none of them)."""
    return {name for name in imported_names(path) if within(name, package) and name != package}


def parts_named_in(paths: list[Path], package: str) -> set[str]:
    """Each of ``package``'s modules that any of ``paths`` imports, and where."""
    return {
        f"{path.relative_to(ROOT)}: {name}" for path in paths for name in parts_named(path, package)
    }


CORE = tuple(
    sorted(
        str(folder.relative_to(ROOT))
        for folder in (ROOT / "bot").iterdir()
        if folder.is_dir() and folder.name not in ("features", "__pycache__")
    )
)
"""Everything of the bot but its features: the game service, storage, the runtimes, the
league's arithmetic, the games, the Discord layer (its lobby, turns and table) and the
board."""


@pytest.mark.parametrize("folder", CORE)
def test_the_core_names_no_feature(folder: str) -> None:
    """The core calls the features' hooks inside the transaction
    (``bot.service.game_hooks``), and draws what they declare for the lobby, the board
    and the leaderboard; the registries find them."""
    paths = sources(folder)
    assert paths
    assert not parts_named_in(paths, FEATURES)


def test_the_core_imports_not_even_the_features_package() -> None:
    """The features' folder is walked by its name (``bot.feature_folders``), never
    imported by the core: nothing of the core depends on what the features' package
    holds."""
    core = [path for folder in CORE for path in sources(folder)]
    core += (ROOT / "bot").glob("*.py")
    assert len(core) > 250
    assert [str(p.relative_to(ROOT)) for p in core if FEATURES in imported_names(p)] == []


def test_the_core_is_every_folder_of_the_bot_but_the_features() -> None:
    assert {"bot/activity", "bot/discord_ui", "bot/service", "bot/storage"} <= set(CORE)


def feature_of(path: Path) -> str:
    """The feature a source file of the features belongs to."""
    return path.relative_to(ROOT / "bot" / "features").parts[0]


def test_a_feature_imports_no_other_feature() -> None:
    """A feature reaches another only through what the core declares (a hook, a lobby
    option, a board action, a leaderboard view), never by import."""
    assert sources("bot/features")
    reaching = {
        f"{path.relative_to(ROOT)}: {name}"
        for path in sources("bot/features")
        if path.parent != ROOT / "bot" / "features"
        for name in imported_names(path)
        if within(name, FEATURES)
        and name.count(".") >= 2
        and name.split(".")[2] != feature_of(path)
    }
    assert not reaching


THE_TABLE = ("bot.discord_ui.live_table", "bot.discord_ui.table_updates", "bot.discord_ui.client")
"""What a Discord part never imports: the live table itself (it asks the core through
``bot.discord_ui.context``), and the client that builds the parts."""


def discord_parts() -> list[Path]:
    """The sources of every Discord part: the core's own and the features'."""
    return sources("bot/discord_ui/core") + [
        path
        for path in sources("bot/features")
        if "discord" in path.relative_to(ROOT / "bot" / "features").parts
    ]


def test_a_discord_part_imports_not_the_table() -> None:
    """A part sees the narrow context and hears of games through events."""
    assert discord_parts()
    reaching = {
        f"{path.relative_to(ROOT)}: {name}"
        for path in discord_parts()
        for name in imported_names(path)
        if any(within(name, table) for table in THE_TABLE)
    }
    assert not reaching


def test_parts_hardly_name_the_table() -> None:
    """Everything a part may touch is in its context, not behind ``self.table``."""
    named = sum(path.read_text(encoding="utf-8").count("self.table") for path in discord_parts())
    assert named <= 15


LONGEST = 560
"""Lines a product module has at most: past that, it holds more than one thing."""
LONGEST_CLASS = 600
"""Lines a class of the bot has at most with its bases from the bot (``class_lines``)."""


def test_no_module_of_the_bot_is_over_its_length() -> None:
    long = {
        str(path.relative_to(ROOT)): lines
        for path in sources("bot")
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > LONGEST
    }
    assert not long


NAMED_AT_MOST = 2
"""Classes of the bot of one name: a reader finding a third ``Kept`` no longer knows which
one a file means without its import."""


def test_no_class_name_of_the_bot_is_used_more_than_twice() -> None:
    defined: dict[str, list[str]] = {}
    for path in sources("bot"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                defined.setdefault(node.name, []).append(str(path.relative_to(ROOT)))
    assert len(defined) > 300
    assert {name: paths for name, paths in defined.items() if len(paths) > NAMED_AT_MOST} == {}


def class_lines(cls: type) -> int:
    """The lines of a class of the bot with those of its bases from the bot: one object
    holds them all."""
    return sum(
        len(inspect.getsourcelines(part)[0])
        for part in cls.__mro__
        if part.__module__.split(".")[0] == "bot"
    )


def test_no_class_of_the_bot_is_over_its_length_with_its_bases() -> None:
    """A class split over bases (the live table and its shows were one object of 684
    lines) is as long as all of them."""
    classes = {
        cls
        for path in sources("bot")
        if path.name != "__main__.py"
        for cls in vars(importlib.import_module(module_of(path))).values()
        if isinstance(cls, type) and cls.__module__ == module_of(path)
    }
    assert len(classes) > 300
    long = {
        cls.__qualname__: lines for cls in classes if (lines := class_lines(cls)) > LONGEST_CLASS
    }
    assert not long


def module_of(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


LEAKS = {
    FEATURES: (
        "import bot.features\n"
        "from bot.storage import game_queries\n"
        "from bot.features.takebacks import queries\n"
        "def later() -> None:\n"
        "    from bot.features.reliability import hooks\n"
        "    from bot.features.reliability.service import count_started\n",
        {
            "bot.features.reliability.hooks",
            "bot.features.reliability.service.count_started",
            "bot.features.takebacks.queries",
        },
    ),
}
"""For each package of features, a module that imports some of them (and the package
itself, and others beside it), and the features' modules it names."""


@pytest.mark.parametrize("package", LEAKS)
def test_the_checks_see_a_feature(package: str, module: Callable[[str], Path]) -> None:
    source, named = LEAKS[package]
    assert parts_named(module(source), package) == named


MOST_SERVICE_METHODS = 30
"""The core service's public methods at most: lobbies, turns, starts and ends, and the
reads of games; a feature's own go on its own service (``GameService.part``)."""


def test_the_core_service_keeps_to_the_core() -> None:
    public = [
        name
        for name, member in inspect.getmembers(GameService)
        if not name.startswith("_") and (inspect.isfunction(member) or isinstance(member, property))
    ]
    assert len(public) <= MOST_SERVICE_METHODS, sorted(public)


def test_a_features_service_part_knows_nothing_of_discord() -> None:
    """A feature's tables, queries, hooks and service stand beside the core service,
    Discord-free; its Discord part, if its folder holds one, is its ``discord`` package."""
    service_parts = [
        path
        for path in sources("bot/features")
        if "discord" not in path.relative_to(ROOT / "bot" / "features").parts
    ]
    assert service_parts
    discord = {
        f"{path.relative_to(ROOT)}: {name}"
        for path in service_parts
        for name in imported_names(path)
        if name.split(".")[0] == "discord" or within(name, "bot.discord_ui")
    }
    assert not discord
