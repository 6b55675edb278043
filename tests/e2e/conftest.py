from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.e2e.world import World, running_world


@pytest.fixture
async def world(tmp_path: Path, database_target: str) -> AsyncIterator[World]:
    """A world with the bot, on each database in turn."""
    async with running_world(tmp_path, database=database_target) as world:
        yield world
