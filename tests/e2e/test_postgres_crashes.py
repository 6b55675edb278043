"""PostgreSQL crashing (``pg_ctl -m immediate``) and coming back at random moments while
people play all three games against the bot in its own process: no click is told
"nothing changed" when it counted, none that was shown as counted is lost, and no game is
left stuck: once the server stays up, every game shows where it stands and plays on.

    CLAIMIT_PG_CRASHES=40 .venv/bin/pytest tests/e2e/test_postgres_crashes.py

runs the long version (the suite crashes it a few times).
"""

from __future__ import annotations

import asyncio
import os
import random
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import TypeVar

import asyncpg
import pytest

from bot.service import GameService
from bot.storage import Game, GameStatus
from bot.storage.opening import open_database
from emulator import DiscordEmulator
from tests.e2e.players import Press, Table, lay_out, move, start_game
from tests.e2e.running_bot import BotProcess, bot_environment
from tests.postgres_cluster import Cluster, running_cluster

# It starts a durable cluster of its own.
pytestmark = [pytest.mark.postgres, pytest.mark.slow, pytest.mark.long(seconds=16)]

CRASHES = int(os.environ.get("CLAIMIT_PG_CRASHES", "5"))
AFTERWARDS = 3
"""Moves each game makes once the server stays up: a stuck game can't."""
SHOWN_WAIT = 30
"""Seconds a game's messages have to catch up once the server stays up."""
T = TypeVar("T")


@dataclass
class Played:
    """One press and what the database says it did."""

    press: Press
    before: int
    after: int
    """The game's version before the press, and once the database could say after it."""


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    with running_cluster(durable=True) as cluster:
        yield cluster


class Server:
    """The PostgreSQL server, crashed and started again by the test."""

    def __init__(self, cluster: Cluster) -> None:
        self.cluster = cluster
        self.up = asyncio.Event()
        self.up.set()
        self.crashes = 0

    async def crash_now_and_then(self, rng: random.Random) -> None:
        for _ in range(CRASHES):
            await asyncio.sleep(rng.uniform(0.3, 1.5))
            self.up.clear()
            await asyncio.to_thread(self.cluster.crash)
            self.crashes += 1
            await asyncio.sleep(rng.uniform(0.05, 1.0))
            await asyncio.to_thread(self.cluster.start)
            self.up.set()

    async def read(self, query: Callable[[], Awaitable[T]]) -> T:
        """What ``query`` reads, once the server answers."""
        while True:
            await self.up.wait()
            try:
                return await query()
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
                continue  # a connection from before the crash, or it crashed again


async def play(
    server: Server,
    service: GameService,
    emulator: DiscordEmulator,
    table: Table,
    rng: random.Random,
    crashing: asyncio.Task[None],
) -> list[Played]:
    """The player to move presses, one press after another, until the game is over or
    has moved ``AFTERWARDS`` times since the crashes ended."""
    played: list[Played] = []
    since_crashes = 0
    while since_crashes < AFTERWARDS:
        game: Game = await server.read(lambda: service.game(table.game_id))
        if game.status is not GameStatus.ACTIVE:
            break
        pressed = await move(emulator, table, game, rng)
        after: Game = await server.read(lambda: service.game(table.game_id))
        played.append(Played(pressed, game.version, after.version))
        if crashing.done() and after.version > game.version:
            since_crashes += 1
    return played


async def shown(server: Server, service: GameService, game_id: int) -> None:
    """Once the game's messages show it (the reconciler tries a failed show again,
    ever later); after ``SHOWN_WAIT`` seconds the assertions that follow say what is
    wrong."""
    for _ in range(SHOWN_WAIT * 10):
        game: Game = await server.read(lambda: service.game(game_id))
        if game.shown:
            return
        await asyncio.sleep(0.1)


def check(played: Played) -> None:
    """What the player was told is what happened."""
    press, moved = played.press, played.after - played.before
    assert press.outcome != "undelivered", played
    assert moved in (0, 1), played
    if press.outcome == "applied" or "counted" in press.said:
        assert moved == 1, played
    elif "nothing changed" in press.said:
        assert moved == 0, played
    else:
        assert "can't tell yet" in press.said, played


async def test_postgresql_crashing_mid_play_tells_no_false_answer_and_loses_nothing(
    cluster: Cluster, emulator: DiscordEmulator
) -> None:
    url = await cluster.new_database()
    tables = lay_out(emulator, (0, 1), 2)
    bot = BotProcess(bot_environment(emulator, url))
    database = await open_database(url)
    server = Server(cluster)
    try:
        await bot.start()
        service = GameService(database)
        for table in tables:
            await start_game(emulator, service, table)
        rng = random.Random(28)
        crashing = asyncio.create_task(server.crash_now_and_then(random.Random(rng.random())))
        players = [
            asyncio.create_task(
                play(server, service, emulator, table, random.Random(rng.random()), crashing)
            )
            for table in tables
        ]
        try:
            played = [p for tables_played in await asyncio.gather(*players) for p in tables_played]
            await crashing
        finally:
            for task in (*players, crashing):
                task.cancel()
        assert server.crashes == CRASHES
        for one in played:
            check(one)
        told = [p.press.said for p in played if p.press.outcome == "answered"]
        print(f"{CRASHES} crashes, {len(played)} presses, answered: {sorted(set(told))}")
        # A show that met a connection from before the last crash failed, and the
        # reconciler tries it again seconds later: the stop would come first.
        for table in tables:
            await shown(server, service, table.game_id)
        # Stopped, it has finished (and shown) whatever was under way.
        assert await bot.stop() == 0, bot.log()
        for table in tables:
            game = await service.game(table.game_id)
            # The bot's log says where its last show went, should it not be recorded.
            assert game.shown and game.broken is None, bot.log()
            assert await service.history.replay(game.id) == game.state
    finally:
        if bot.running:
            assert await bot.stop() == 0, bot.log()
        await database.close()
