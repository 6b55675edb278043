import importlib
from pathlib import Path

from bot.service.feature_registry import discovered
from tests.features_beside import features_beside

MARKED = """from bot.service.feature_registry import Feature

FEATURE = Feature()
MARK = "{mark}"
"""


def test_a_package_put_beside_is_found_and_forgotten_once_the_body_ends(tmp_path: Path) -> None:
    plain = len(discovered())
    for mark in ("first", "second"):
        files = {"beside_test": {"__init__.py": MARKED.format(mark=mark)}}
        with features_beside(tmp_path / mark, files):
            assert len(discovered()) == plain + 1
            found = importlib.import_module("bot.features.beside_test")
            assert mark == found.MARK, "the same name again is read from its new folder"
        assert len(discovered()) == plain
