"""A transaction's body, and so a feature's hook inside a game's change, awaits nothing but
its connection's statements, on both databases: whatever else it awaits (a pause, a call
out, another connection) fails it with ``BodyWaited``, with nothing written. On SQLite it
can't wait (it runs on the writer's thread); PostgreSQL could, holding the game's row
lock meanwhile, and refuses it alike."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Sequence
from contextvars import Context
from typing import Self

import pytest

from bot.service import Actor, GameService
from bot.service.game_hooks import GameHooks
from bot.storage import Database, Game, GameStatus
from bot.storage.connection import Connection
from bot.storage.database import BodyWaited
from bot.storage.opening import open_database
from tests.bot.fixtures import ANN, BO, ScriptedDice
from tests.bot.notes import NOTE, note, noted, with_notes
from tests.postgres_cluster import Cluster


@pytest.fixture
async def database(database: Database) -> Database:
    """The database under test with a table of numbers of its own."""
    return await with_notes(database)


async def a_pause(database: Database, loop: asyncio.AbstractEventLoop) -> None:
    await asyncio.sleep(0)


class Answer(asyncio.Future[None]):
    """What an HTTP call awaits: an answer that comes once someone waits for it (a task
    asking to be woken when it is done), never before."""

    def add_done_callback(
        self, fn: Callable[[Self], object], *, context: Context | None = None
    ) -> None:
        super().add_done_callback(fn, context=context)
        self.get_loop().call_soon(self._answered)

    def _answered(self) -> None:
        if not self.done():  # a refused body's wait is called off
            self.set_result(None)


async def a_call_out(database: Database, loop: asyncio.AbstractEventLoop) -> None:
    # On SQLite the body runs on a thread of its own, where no loop is running.
    await Answer(loop=loop)


async def another_connection(database: Database, loop: asyncio.AbstractEventLoop) -> None:
    await database.read(lambda connection: connection.fetch("SELECT n FROM notes"))


@pytest.mark.parametrize("waits", [a_pause, a_call_out, another_connection])
async def test_a_body_that_waits_for_anything_else_is_refused_and_writes_nothing(
    database: Database, waits: Callable[[Database, asyncio.AbstractEventLoop], Awaitable[None]]
) -> None:
    loop = asyncio.get_running_loop()

    async def noting_then_waiting(connection: Connection) -> None:
        await connection.execute(NOTE, (1,))
        await waits(database, loop)
        await connection.execute(NOTE, (2,))

    with pytest.raises(BodyWaited, match="noting_then_waiting"):
        await database.write(noting_then_waiting)
    assert await noted(database) == []
    # The connection it had is as good as any other.
    await database.write(note(3))
    assert await noted(database) == [3]


async def test_a_read_or_a_single_statement_that_waits_is_refused(database: Database) -> None:
    async def reading_then_waiting(connection: Connection) -> None:
        await connection.fetch("SELECT n FROM notes")
        await asyncio.sleep(0)

    with pytest.raises(BodyWaited):
        await database.read(reading_then_waiting)
    with pytest.raises(BodyWaited):
        await database.statement(reading_then_waiting)


async def test_a_body_that_catches_the_refusal_is_refused_all_the_same(
    database: Database,
) -> None:
    async def swallowing(connection: Connection) -> None:
        await connection.execute(NOTE, (1,))
        with contextlib.suppress(BodyWaited):
            await asyncio.sleep(0)

    with pytest.raises(BodyWaited):
        await database.write(swallowing)
    assert await noted(database) == []


class WaitingAtTheStart(GameHooks):
    """A feature that counts its lobbies with a statement, as hooks should, then, as the
    game starts, waits for something else (as a call to a web service would)."""

    def __init__(self) -> None:
        self.lobbies = 0

    async def lobby_opened(
        self, connection: Connection, game: Game, asked: Sequence[object], now: float
    ) -> None:
        self.lobbies += len(await connection.fetch("SELECT id FROM games WHERE id = ?", (game.id,)))

    async def started(self, connection: Connection, game: Game, now: float) -> None:
        await asyncio.sleep(0)


async def test_a_hook_that_waits_for_anything_else_fails_its_change(database: Database) -> None:
    hooks = WaitingAtTheStart()
    service = GameService(database, dice=ScriptedDice(), hooks=hooks)
    lobby = await service.create_lobby(kind="claimit", guild_id=10, channel_id=1, host=ANN)
    lobby = await service.join(lobby.id, BO, lobby.version)
    assert hooks.lobbies == 1

    with pytest.raises(BodyWaited, match="waited for something other than its statements"):
        await service.start(lobby.id, Actor(ANN.user_id), lobby.version)
    assert await service.game(lobby.id) == lobby
    assert lobby.status == GameStatus.LOBBY


async def test_a_write_cancelled_in_its_statement_is_cancelled_not_refused(
    postgres: Cluster,
) -> None:
    database = await open_database(await postgres.made_database())
    try:
        sleeping = asyncio.Event()

        async def sleeps(connection: Connection) -> None:
            sleeping.set()
            await connection.execute("SELECT pg_sleep(60)")

        writing = asyncio.create_task(database.write(sleeps))
        await sleeping.wait()
        writing.cancel()
        with pytest.raises(asyncio.CancelledError):
            await writing
        assert await database.read(lambda connection: connection.ints("SELECT 1")) == [1]
    finally:
        await database.close()
