"""Every change of a game that commits is told, whatever made it: to this process's watchers
(the board's live views) by the game's id, and to the other processes sharing a PostgreSQL
database as ``<id>:<version>``; a refused change tells nothing."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.service import Actor, GameService, ServiceError
from bot.storage import Database, game_queries
from bot.storage.opening import open_database
from tests.bot.fixtures import ANN, BO, play_to_the_end, random_press, started_game
from tests.postgres_cluster import Cluster


async def test_each_committed_change_is_told_to_the_watchers_and_a_refused_one_is_not(
    service: GameService,
) -> None:
    told: list[int] = []
    service.watchers.append(lambda game_id, game: told.append(game_id))
    game = await started_game(service, 2)
    # The lobby opened, Bo joined, and the game started.
    assert told == [game.id] * 3
    told.clear()
    await random_press(service, game, random.Random(1))
    assert told == [game.id]
    told.clear()
    game = await service.game(game.id)
    waiting = game.seats[1 - game.state.turn].user_id
    with pytest.raises(ServiceError):
        await service.turns.act(game.id, Actor(waiting), game.version, "roll")
    assert told == []


@pytest.mark.postgres
async def test_another_process_hears_each_change_with_the_version_it_made(
    postgres: Cluster,
) -> None:
    url = await postgres.made_database()
    here, there = await open_database(url), await open_database(url)
    heard: asyncio.Queue[str] = asyncio.Queue()
    listener = await there.listen({game_queries.CHANGED: heard.put_nowait})
    assert listener is not None
    try:
        service = GameService(here)
        lobby = await service.create_lobby(
            kind="claimit", guild_id=10, channel_id=1, host=ANN, options={"variant": False}
        )
        assert await asyncio.wait_for(heard.get(), 10) == f"{lobby.id}:{lobby.version}"
        joined = await service.join(lobby.id, BO, lobby.version)
        assert await asyncio.wait_for(heard.get(), 10) == f"{lobby.id}:{joined.version}"
        started = await service.start(lobby.id, Actor(ANN.user_id), joined.version)
        assert await asyncio.wait_for(heard.get(), 10) == f"{lobby.id}:{started.version}"
        ended = await play_to_the_end(service, started, random.Random(2))
        versions = [
            await asyncio.wait_for(heard.get(), 10) for _ in range(ended.version - started.version)
        ]
        assert versions[-1] == f"{lobby.id}:{ended.version}"
    finally:
        await listener.close()
        await here.close()
        await there.close()


async def test_a_database_no_other_process_shares_has_nobody_to_tell(
    sqlite_database: Database,
) -> None:
    assert await sqlite_database.listen({game_queries.CHANGED: lambda said: None}) is None
