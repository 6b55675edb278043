from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.e2e.world import World, running_world


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    async with running_world(tmp_path) as world:
        yield world
