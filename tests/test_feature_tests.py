"""Each feature's tests are beside each other, in ``tests/features/<name>/``: a test file
elsewhere that imports a feature (``bot.features.<name>``, imports inside functions too)
is in the wrong place, but for the one below, which tests the core's handling of a
feature. And each folder there is named for a feature of the bot."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
FEATURE_TESTS = TESTS / "features"
FEATURES = TESTS.parent / "bot" / "features"

CORE_IMPORTING_A_FEATURE = {
    "bot/test_feature_stop.py": "the core stops the services that run something: analysis's",
}
"""Test files outside ``tests/features/`` that may import a feature, each with why."""


def features_imported(path: Path) -> set[str]:
    """The features whose modules ``path`` imports, wherever in it."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules = [node.module]
            if node.module == "bot.features":
                modules = [f"bot.features.{alias.name}" for alias in node.names]
        for module in modules:
            parts = module.split(".")
            if parts[:2] == ["bot", "features"] and len(parts) > 2:
                found.add(parts[2])
    return found


def misplaced(tests: Path) -> list[str]:
    """The test files under ``tests`` but outside its ``features/`` that import a
    feature, by their paths from ``tests``."""
    return sorted(
        path.relative_to(tests).as_posix()
        for path in tests.rglob("test_*.py")
        if (tests / "features") not in path.parents and features_imported(path)
    )


def test_no_test_file_outside_the_features_folders_imports_a_feature() -> None:
    known = CORE_IMPORTING_A_FEATURE.keys()
    found = misplaced(TESTS)
    assert [path for path in found if path not in known] == [], (
        "move these beside their feature's tests, in tests/features/<name>/"
    )
    assert sorted(known - set(found)) == [], "these import no feature now: take them off"


def test_the_check_finds_a_feature_imported_inside_a_function(tmp_path: Path) -> None:
    (tmp_path / "features" / "ladder").mkdir(parents=True)
    (tmp_path / "features" / "ladder" / "test_kept.py").write_text("import bot.features.ladder\n")
    (tmp_path / "e2e").mkdir()
    (tmp_path / "e2e" / "test_stray.py").write_text(
        "def test_it() -> None:\n    from bot.features.ladder.ranking import sides\n"
    )
    (tmp_path / "e2e" / "helpers.py").write_text("from bot.features import ladder\n")
    (tmp_path / "e2e" / "test_core.py").write_text("import bot.features\n")
    assert misplaced(tmp_path) == ["e2e/test_stray.py"]


def test_each_features_tests_folder_is_named_for_a_feature() -> None:
    folders = {path.name for path in FEATURE_TESTS.iterdir() if path.is_dir()} - {"__pycache__"}
    features = {path.parent.name for path in FEATURES.glob("*/__init__.py")}
    assert sorted(folders - features) == [], "no feature of the bot has this name"
