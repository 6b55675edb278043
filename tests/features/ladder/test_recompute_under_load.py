"""Rebuilding a ladder (``recompute``) holds the database's writer only to swap its result
in, so games go on being written meanwhile."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.features.ladder import queries as ladder_queries
from bot.features.ladder.service import LadderService
from bot.service import GameService
from bot.storage import Database
from bot.storage.connection import Connection, Row
from tests.bot.fixtures import random_press, started_game
from tests.finished_games import write_finished_games

PRESSES = 5
"""Presses made while the rebuild waits between its count and its swap."""


async def test_rebuilding_a_ladder_holds_the_writer_only_to_swap_the_result_in(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    await write_finished_games(database, guild_id=7, games=400, rng=random.Random(1))
    service, ladder = GameService(database), GameService(database).part(LadderService)
    game = await started_game(service, 2, guild_id=8)
    rng = random.Random(2)
    # The rebuild is held once its games are counted, before its swap: how many presses
    # would fit in a count left to run depends on the machine, not on the writer.
    counted, swap = asyncio.Event(), asyncio.Event()
    rows = ladder_queries.ladder_rows

    async def held(connection: Connection, guild_id: int, kind: str) -> dict[str, list[Row]]:
        counted.set()
        await swap.wait()
        return await rows(connection, guild_id, kind)

    monkeypatch.setattr(ladder_queries, "ladder_rows", held)
    rebuilding = asyncio.create_task(ladder.recompute(7, "claimit"))
    await counted.wait()
    # Were the writer held for the count, the first press would wait for the swap, which
    # waits for the presses: the bound says so rather than the suite's time-out.
    for _ in range(PRESSES):
        game = (await asyncio.wait_for(random_press(service, game, rng), 30)).game
    assert not rebuilding.done()
    swap.set()
    assert await rebuilding == 400
    board = await ladder.leaderboard(7, "claimit", 0)
    assert board.players > 20
