from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import GameService
from bot.storage import Database
from tests.bot.fixtures import Clock, ScriptedDice


@pytest.fixture
async def database(tmp_path: Path) -> AsyncIterator[Database]:
    db = await Database.open(tmp_path / "claimit.sqlite3")
    yield db
    await db.close()


@pytest.fixture
def dice() -> ScriptedDice:
    return ScriptedDice()


@pytest.fixture
def service(database: Database, dice: ScriptedDice) -> GameService:
    return GameService(database, dice=dice, clock=Clock())
