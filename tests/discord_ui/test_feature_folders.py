"""A feature's folder under ``bot/features/`` may hold its Discord part: the Discord
layer's registry finds it there (a ``discord`` package beside the feature's tables and
service), after the Discord layer's own packages, and passes over a folder without one."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import bot.features
from bot.discord_ui.part_registry import discovered as discord_parts
from bot.service.feature_registry import discovered as features

SERVICE_PART = '''"""A feature with nothing to do in the core's changes."""

from bot.service.feature_registry import Feature

FEATURE = Feature()
'''

DISCORD_PART = '''"""Its Discord part."""

from bot.discord_ui.part import Declaration, Part


class Waving(Part):
    """Nothing but found."""


PART = Declaration(Waving)
'''


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Two feature folders put beside the bot's: one with a Discord part, one without."""
    beside = tmp_path / "features"
    (beside / "waving" / "discord").mkdir(parents=True)
    (beside / "waving" / "__init__.py").write_text(SERVICE_PART, encoding="utf-8")
    (beside / "waving" / "discord" / "__init__.py").write_text(DISCORD_PART, encoding="utf-8")
    (beside / "quiet").mkdir()
    (beside / "quiet" / "__init__.py").write_text(SERVICE_PART, encoding="utf-8")
    monkeypatch.setattr(bot.features, "__path__", [*bot.features.__path__, str(beside)])
    yield
    for name in list(sys.modules):
        if name.startswith(("bot.features.waving", "bot.features.quiet")):
            monkeypatch.delitem(sys.modules, name)


def test_a_features_discord_part_is_found_in_its_folder(folders: None) -> None:
    found = [declaration.part.__name__ for declaration in discord_parts()]
    assert found[-1] == "Waving"
    assert found.count("Waving") == 1
    assert len(features()) == len(bot.features.ORDER) + 2
