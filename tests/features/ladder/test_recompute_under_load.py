"""Rebuilding a ladder (``recompute``) holds the database's writer only to swap its result
in, so games go on being written meanwhile."""

from __future__ import annotations

import asyncio
import random

from bot.features.ladder.service import LadderService
from bot.service import GameService
from bot.storage import Database
from tests.bot.fixtures import random_press, started_game
from tests.finished_games import write_finished_games


async def test_rebuilding_a_ladder_holds_the_writer_only_to_swap_the_result_in(
    database: Database,
) -> None:
    await write_finished_games(database, guild_id=7, games=400, rng=random.Random(1))
    service, ladder = GameService(database), GameService(database).part(LadderService)
    game = await started_game(service, 2, guild_id=8)
    rng = random.Random(2)
    rebuilding = asyncio.create_task(ladder.recompute(7, "claimit"))
    await asyncio.sleep(0)
    # Presses in another server go through while the ladder is counted apart: were the
    # writer held for the count, the first press would wait for all of it. (How many
    # go through depends on the machine: a press reads and writes, the count is long.)
    presses = 0
    while not rebuilding.done() and presses < 20:
        game = (await random_press(service, game, rng)).game
        presses += 1
    assert presses >= 5
    assert await rebuilding == 400
    board = await ladder.leaderboard(7, "claimit", 0)
    assert board.players > 20
