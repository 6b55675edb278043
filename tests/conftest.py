from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.postgres_cluster import Cluster, running_cluster

pytest_plugins = ("tests.process_guard", "pytester")

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """The tests' own PostgreSQL cluster, started by the first test that needs it."""
    with running_cluster() as cluster:
        yield cluster


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """Each test that asks for it runs once on each database."""
    return str(request.param)


@pytest.fixture
async def database_target(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """A new, empty database on ``backend``: a SQLite file or a PostgreSQL URL."""
    if backend == "sqlite":
        return str(tmp_path / "claimit.sqlite3")
    cluster: Cluster = request.getfixturevalue("postgres")
    return await cluster.new_database()
