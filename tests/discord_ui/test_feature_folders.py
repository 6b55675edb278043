"""A feature's folder under ``bot/features/`` may hold its Discord part: the Discord
layer's registry finds it there (a ``discord`` package beside the feature's tables and
service), after the Discord layer's own packages, and passes over a folder without one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.discord_ui.part_registry import discovered as discord_parts
from bot.feature_folders import ORDER
from bot.service.feature_registry import discovered as features
from tests.features_beside import features_beside

SERVICE_PART = '''"""A feature with nothing to do in the core's changes."""

from bot.service.feature_registry import DiscordPart, Feature

FEATURE = Feature({part})
'''

DISCORD_PART = '''"""Its Discord part."""

from bot.discord_ui.part import Declaration, Part


class Waving(Part):
    """Nothing but found."""


PART = Declaration(Waving)
'''


@pytest.fixture
def folders(tmp_path: Path) -> Iterator[None]:
    """Two feature folders put beside the bot's: one with a Discord part, one without."""
    waving = {
        "__init__.py": SERVICE_PART.format(part="discord=DiscordPart()"),
        "discord/__init__.py": DISCORD_PART,
    }
    quiet = {"__init__.py": SERVICE_PART.format(part="")}
    with features_beside(tmp_path / "features", {"waving": waving, "quiet": quiet}):
        yield


def test_a_features_discord_part_is_found_in_its_folder(folders: None) -> None:
    found = [declaration.part.__name__ for declaration in discord_parts()]
    assert found[-1] == "Waving"
    assert found.count("Waving") == 1
    assert len(features()) == len(ORDER) + 2
