from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import GameService
from bot.storage import Database
from bot.storage.opening import open_database
from bot.storage.sqlite import SQLiteDatabase
from tests.bot.fixtures import Clock, ScriptedDice


@pytest.fixture
async def database(database_target: str) -> AsyncIterator[Database]:
    """The database under test, on each backend in turn."""
    db = await open_database(database_target)
    yield db
    await db.close()


@pytest.fixture
async def sqlite_database(tmp_path: Path) -> AsyncIterator[SQLiteDatabase]:
    """A SQLite file, for what only SQLite has (its file, its query plans)."""
    db = await SQLiteDatabase.connect(tmp_path / "claimit.sqlite3")
    yield db
    await db.close()


@pytest.fixture
def dice() -> ScriptedDice:
    return ScriptedDice()


@pytest.fixture
def service(database: Database, dice: ScriptedDice) -> GameService:
    return GameService(database, dice=dice, clock=Clock())
