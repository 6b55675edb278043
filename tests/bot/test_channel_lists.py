"""The games of a channel as the board's list reads them, on both databases: those open
(played there, or in threads started from it; a thread's alone from the thread), and
the last ones finished there, newest first, at most as many as asked; never another
channel's."""

from __future__ import annotations

import random

from bot.service import GameService
from bot.storage import Game, message_queries
from tests.bot.fixtures import play_to_the_end, started_game

CHANNEL, OTHER, THREAD, OPEN_THREAD = 1, 2, 7, 8


async def in_thread(service: GameService, game: Game, thread: int) -> None:
    """``game``, started from its channel, played in the thread ``thread`` of its own."""
    await service.database.write(
        lambda connection: message_queries.set_message(connection, game.id, "thread_id", thread)
    )


async def test_a_channel_lists_its_open_games_and_its_last_finished_newest_first(
    service: GameService,
) -> None:
    rng = random.Random(1)
    finished = []
    for channel in (CHANNEL, OTHER, CHANNEL, CHANNEL):
        game = await started_game(service, 2, channel_id=channel)
        finished.append(await play_to_the_end(service, game, rng))
    threaded = await started_game(service, 2, channel_id=CHANNEL)
    await in_thread(service, threaded, THREAD)
    threaded = await play_to_the_end(service, await service.game(threaded.id), rng)
    newest = [threaded.id, finished[3].id, finished[2].id, finished[0].id]

    assert [g.id for g in await service.finished_here(CHANNEL, 10)] == newest
    assert [g.id for g in await service.finished_here(CHANNEL, 2)] == newest[:2], "the bound"
    assert [g.id for g in await service.finished_here(THREAD, 10)] == [threaded.id]
    assert [g.id for g in await service.finished_here(OTHER, 10)] == [finished[1].id]
    assert await service.finished_here(3, 10) == []

    running = await started_game(service, 2, channel_id=CHANNEL)
    await in_thread(service, running, OPEN_THREAD)
    here = await started_game(service, 2, channel_id=CHANNEL)
    assert [g.id for g in await service.games_here(CHANNEL)] == [running.id, here.id]
    assert [g.id for g in await service.games_here(OPEN_THREAD)] == [running.id]
    assert await service.games_here(OTHER) == []
    assert [g.id for g in await service.finished_here(CHANNEL, 10)] == newest
