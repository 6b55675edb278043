from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from emulator import DiscordEmulator
from tests.postgres_cluster import Cluster, running_cluster

pytest_plugins = ("tests.process_guard", "pytester")

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """The tests' own PostgreSQL cluster, started by the first test that needs it."""
    with running_cluster() as cluster:
        yield cluster


ROOT = Path(__file__).resolve().parent
END_TO_END = ROOT / "e2e"


def pytest_configure(config: pytest.Config) -> None:
    """Every emulator a test makes holds its answers to Discord's description of its API:
    an answer Discord would never give fails the test that ran it."""
    DiscordEmulator.check_answers_by_default = True


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test that asks for ``backend`` runs on each database: the storage and service
    tests, which are the databases' contract. An end-to-end test runs on SQLite, unless
    it is marked ``both_databases`` (whole games of every kind); what only PostgreSQL
    does end to end (leases between processes, a lost COMMIT, crashes) has tests of its
    own."""
    if "backend" not in metafunc.fixturenames:
        return
    end_to_end = END_TO_END in metafunc.definition.path.parents
    both = metafunc.definition.get_closest_marker("both_databases") is not None
    backends = BACKENDS if both or not end_to_end else ("sqlite",)
    metafunc.parametrize("backend", backends, indirect=True)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks each test by what it needs, so that a run can pick (``-m "not slow"``): the
    end-to-end folder's and PostgreSQL's here, the rest (``slow``, ``long``, ``browser``)
    declared by each test file."""
    for item in items:
        if END_TO_END in item.path.parents:
            item.add_marker(pytest.mark.e2e)
        # On PostgreSQL: parametrized so (its id says it), or asking for the cluster.
        if "postgresql" in item.name or "postgres" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.postgres)
    # The longest first, each file's tests kept together: pytest-xdist's workers then
    # start on them and share out the many short ones at the end, instead of one worker
    # still running a forty-second game after the other has finished.
    items.sort(key=_length_class)


def _length_class(item: pytest.Item) -> int:
    if any(item.get_closest_marker(mark) is not None for mark in ("long", "browser")):
        return 0
    return 1 if item.get_closest_marker("e2e") is not None else 2


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """The database a test runs on (``pytest_generate_tests`` says which)."""
    return str(request.param)


@pytest.fixture
async def database_target(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """A new, empty database on ``backend``: a SQLite file or a PostgreSQL URL."""
    if backend == "sqlite":
        return str(tmp_path / "claimit.sqlite3")
    cluster: Cluster = request.getfixturevalue("postgres")
    return await cluster.new_database()
