"""The storage and service tests' fixtures: a database on each backend in turn, a SQLite
file, scripted dice, a manual clock and a ``GameService`` over them. Not a conftest, so
that both folders of such tests take them: ``tests/bot/`` and the features' own
(``tests/features/``), each conftest naming them."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from bot.service import GameService
from bot.storage import Database
from bot.storage.opening import open_database
from bot.storage.sqlite import SQLiteDatabase
from tests.bot.fixtures import Clock, ScriptedDice
from tests.clock import ManualClock
from tests.new_sqlite import new_sqlite


@pytest.fixture
async def database(database_target: str) -> AsyncIterator[Database]:
    """The database under test, on each backend in turn."""
    db = await open_database(database_target)
    yield db
    await db.close()


@pytest.fixture
async def sqlite_database(tmp_path: Path) -> AsyncIterator[SQLiteDatabase]:
    """A SQLite file, for what only SQLite has (its file, its query plans)."""
    db = await SQLiteDatabase.connect(await new_sqlite(tmp_path / "claimit.sqlite3"))
    yield db
    await db.close()


@pytest.fixture
def dice() -> ScriptedDice:
    return ScriptedDice()


@pytest.fixture
def clock() -> ManualClock:
    """A clock the test moves itself, so that deadlines pass without real waiting."""
    return ManualClock()


@pytest.fixture
def service_clock(request: pytest.FixtureRequest) -> Callable[[], float]:
    """What ``service`` reads the time from: a second on at each reading; in a module
    marked ``service_on_clock``, whose tests move the time themselves, ``clock``'s."""
    if request.node.get_closest_marker("service_on_clock") is None:
        return Clock()
    clock: ManualClock = request.getfixturevalue("clock")
    return clock.now


@pytest.fixture
def service(
    database: Database, dice: ScriptedDice, service_clock: Callable[[], float]
) -> GameService:
    return GameService(database, dice=dice, clock=service_clock)
