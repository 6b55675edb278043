from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.e2e.world import World, make_world


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    world = await make_world(tmp_path)
    await world.start_bot()
    yield world
    await world.stop_bots()
    await world.discord.close()
