"""What only PostgreSQL has to show: upgrades from every released version, clear
refusals, and changes from several processes (each its own pool of connections) kept
exactly once. Its schema is SQLite's (``test_schemas``)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator

import asyncpg
import pytest

from bot.service import Actor, GameService, Player, ServiceError
from bot.service.errors import ChannelBusy
from bot.storage import DatabaseTooNew, DatabaseUnavailable
from bot.storage.migrations import latest
from bot.storage.opening import open_database
from engine.claimit import Phase
from tests.bot.fixtures import PLAYERS, a_game_starts_on, started_game
from tests.bot.released_schema import POSTGRES_VERSIONS, make_postgres
from tests.bot.schema_catalogs import postgres_catalog
from tests.postgres_cluster import Cluster


async def test_a_server_that_is_not_there_is_one_line_without_the_password(
    postgres: Cluster,
) -> None:
    url = f"postgresql://claimit:secret@127.0.0.1:{postgres.port}/no_such_database"
    with pytest.raises(DatabaseUnavailable) as refused:
        await open_database(url)
    assert "no_such_database" in str(refused.value) and "secret" not in str(refused.value)


@pytest.mark.parametrize("start", POSTGRES_VERSIONS)
async def test_a_database_from_every_released_version_upgrades_to_the_latest(
    postgres: Cluster, start: int
) -> None:
    old = await postgres.new_database()
    connection = await asyncpg.connect(old)
    try:
        await make_postgres(connection, start)
    finally:
        await connection.close()
    await a_game_starts_on(old)
    fresh = await postgres.new_database()
    await (await open_database(fresh)).close()
    assert await postgres_catalog(old) == await postgres_catalog(fresh)


async def test_a_database_newer_than_the_code_is_refused(postgres: Cluster) -> None:
    url = await postgres.new_database()
    await (await open_database(url)).close()
    connection = await asyncpg.connect(url)
    await connection.execute("UPDATE schema_version SET version = $1", latest() + 1)
    await connection.close()
    with pytest.raises(DatabaseTooNew, match="newer"):
        await open_database(url)


async def test_processes_opening_a_new_database_together_migrate_it_once(
    postgres: Cluster,
) -> None:
    url = await postgres.new_database()
    opened = await asyncio.gather(*(open_database(url) for _ in range(4)))
    for database in opened:
        await database.close()


@pytest.fixture
async def two_processes(postgres: Cluster) -> AsyncIterator[tuple[GameService, GameService]]:
    """Two services, each on a pool of its own, as two bot processes have."""
    url = await postgres.new_database()
    first, second = await open_database(url), await open_database(url)
    yield GameService(first), GameService(second)
    await first.close()
    await second.close()


async def test_simultaneous_clicks_from_two_processes_count_once(
    two_processes: tuple[GameService, GameService],
) -> None:
    first, second = two_processes
    game = await started_game(first, 2)
    rng = random.Random(4)
    for _ in range(30):
        assert game.state is not None
        actor = Actor(game.seats[game.state.turn].user_id)
        pending = game.state.pending_placements()
        intent = str(rng.choice(pending)) if game.state.phase is Phase.PLACE else "roll"
        # The same press, seen at the same version, arrives at both processes at once.
        presses = [
            service.turns.act(game.id, actor, game.version, intent)
            for service in (first, second) * 3
        ]
        outcomes = await asyncio.gather(*presses, return_exceptions=True)
        applied = [o for o in outcomes if not isinstance(o, BaseException)]
        assert len(applied) == 1, outcomes
        refused = [o for o in outcomes if isinstance(o, BaseException)]
        # Each later one sees the first (the game moved on, or it is no longer their turn).
        assert all(isinstance(o, ServiceError) for o in refused), refused
        game = applied[0].game
        if not game.status.is_open:
            break
    moves = await second.history.moves(game.id)
    assert [m.seq for m in moves] == list(range(1, len(moves) + 1))
    assert await second.history.replay(game.id) == (await first.game(game.id)).state


async def test_two_lobbies_asked_for_at_once_in_one_channel_make_one(
    two_processes: tuple[GameService, GameService],
) -> None:
    first, second = two_processes
    asked = [
        service.create_lobby(
            kind="claimit", guild_id=10, channel_id=5, host=Player(PLAYERS[n].user_id, "P")
        )
        for n, service in enumerate((first, second, first, second))
    ]
    outcomes = await asyncio.gather(*asked, return_exceptions=True)
    assert sum(not isinstance(o, BaseException) for o in outcomes) == 1
    assert all(isinstance(o, ChannelBusy) for o in outcomes if isinstance(o, BaseException))
