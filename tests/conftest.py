from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from bot.service.feature_registry import discovered
from emulator import DiscordEmulator
from tests.new_sqlite import new_sqlite
from tests.postgres_cluster import Cluster, running_cluster

# No example is timed: on a loaded machine (CI's two cores beside browsers and bot
# processes) an example of milliseconds took over half a second, and Hypothesis's
# deadline failed the test as "unreliable". Speed is the benches' to measure.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")

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
    an answer Discord would never give fails the test that ran it. The features' tables
    join the schema, as the bot joins them before it opens its database, so that every
    database a test opens has them.

    A bot or sandbox a test starts as a process draws its pictures in threads unless the
    test says otherwise: each picture process costs a second of CPU to start (imports and
    palettes), and the suite starts dozens of such bots; the picture processes have tests
    of their own, and the run command's test starts them as a server's bot does."""
    DiscordEmulator.check_answers_by_default = True
    discovered()
    os.environ.setdefault("CLAIMIT_RENDER_PROCESSES", "0")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test that asks for ``backend`` runs on each database: the storage and service
    tests, which are the databases' contract. An end-to-end test runs on SQLite, unless
    it is marked ``both_databases`` (whole games of every kind); what only PostgreSQL
    does end to end (leases between processes, a lost COMMIT, crashes) has tests of its
    own."""
    if "backend" not in metafunc.fixturenames:
        return
    end_to_end = _end_to_end(metafunc.definition)
    both = metafunc.definition.get_closest_marker("both_databases") is not None
    backends = BACKENDS if both or not end_to_end else ("sqlite",)
    metafunc.parametrize("backend", backends, indirect=True)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks each test by what it needs, so that a run can pick (``-m "not slow"``): the
    end-to-end folder's and PostgreSQL's here, the rest (``slow``, ``long``, ``browser``,
    and ``e2e`` of a feature's end-to-end tests in ``tests/features/``) declared by each
    test file."""
    for item in items:
        if END_TO_END in item.path.parents:
            item.add_marker(pytest.mark.e2e)
        # On PostgreSQL: parametrized so (its id says it), or asking for the cluster.
        if "postgresql" in item.name or "postgres" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.postgres)
    # The longest first, each file's tests kept together otherwise: pytest-xdist's first
    # worker runs them one after another from the start (the others take its short tests
    # from the end of its share), and the other workers share out the many short ones.
    # Dealt out to every worker instead, three long tests at once kept both cores busier
    # with less to show for it: the suite took longer.
    items.sort(key=lambda item: (-_seconds(item), _length_class(item)))


def _end_to_end(item: pytest.Item) -> bool:
    """Whether a test is end to end: in the end-to-end folder, or marked so by its file
    (each feature's end-to-end tests, beside its others in ``tests/features/``)."""
    return END_TO_END in item.path.parents or item.get_closest_marker("e2e") is not None


def _seconds(item: pytest.Item) -> float:
    """Roughly how long a long test runs alone (its ``long`` mark's ``seconds``, else
    ten; a browser test's five), 0 for the rest."""
    long = item.get_closest_marker("long")
    if long is not None:
        return float(long.kwargs.get("seconds", 10))
    return 5.0 if item.get_closest_marker("browser") is not None else 0.0


def _length_class(item: pytest.Item) -> int:
    return 0 if item.get_closest_marker("e2e") is not None else 1


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """The database a test runs on (``pytest_generate_tests`` says which)."""
    return str(request.param)


@pytest.fixture
async def database_target(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """A new database on ``backend``, as the bot makes one: a SQLite file or a PostgreSQL
    URL."""
    if backend == "sqlite":
        return await new_sqlite(tmp_path / "claimit.sqlite3")
    cluster: Cluster = request.getfixturevalue("postgres")
    return await cluster.made_database()
