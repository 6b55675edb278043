"""The welcome's joins, on both databases: each join of the bot's to a server owes one
welcome, in the channel picked at the join, however many deliveries of it come at once,
until it is settled; a later join (the server added the bot again) owes one again; a
join where the bot may post nowhere owes none; and a start finds those owed in its
shards' servers."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiosqlite

from bot.features.welcome.queries import Join
from bot.features.welcome.service import WelcomeService
from bot.service import GameService
from bot.storage.migrations import upgrade
from bot.storage.opening import open_database
from bot.storage.shards import EVERY, Shards, shard_of
from tests.bot.released_schema import SQLITE_VERSIONS, make_sqlite

GUILD = 10 << 22
CHANNEL = 77


async def test_a_join_owes_one_welcome_until_settled_and_a_new_join_again(
    service: GameService,
) -> None:
    welcomes = service.part(WelcomeService)
    first = Join(GUILD, 1000.5, CHANNEL)
    deliveries = await asyncio.gather(*(welcomes.joined(GUILD, 1000.5, CHANNEL) for _ in range(5)))
    assert deliveries == [first] * 5, "owed to whichever delivery posts it (once, by its key)"
    assert await welcomes.owed(EVERY) == [first]

    await welcomes.settled(first)
    assert await welcomes.joined(GUILD, 1000.5, CHANNEL) is None
    assert await welcomes.owed(EVERY) == []

    other = await welcomes.joined(GUILD + 1, 1000.5, CHANNEL)
    assert other == Join(GUILD + 1, 1000.5, CHANNEL), "another server's join is its own"
    again = await welcomes.joined(GUILD, 2000.25, CHANNEL + 1)
    assert again == Join(GUILD, 2000.25, CHANNEL + 1)
    assert again.key != first.key
    assert await welcomes.owed(EVERY) == [again, other]


async def test_a_join_where_the_bot_may_post_nowhere_owes_nothing(service: GameService) -> None:
    welcomes = service.part(WelcomeService)
    assert await welcomes.joined(GUILD, 1000.5, None) == Join(GUILD, 1000.5, None)
    assert await welcomes.joined(GUILD, 1000.5, None) is None
    assert await welcomes.owed(EVERY) == []


async def test_a_start_finds_the_welcomes_owed_in_its_own_shards(service: GameService) -> None:
    welcomes = service.part(WelcomeService)
    mine, theirs = GUILD, GUILD + (1 << 22)
    for guild_id in (mine, theirs):
        await welcomes.joined(guild_id, 1000.5, CHANNEL)
    shards = Shards(2, frozenset({shard_of(mine, 2)}))
    assert shard_of(theirs, 2) != shard_of(mine, 2)
    assert await welcomes.owed(shards) == [Join(mine, 1000.5, CHANNEL)]


def test_each_join_has_its_own_key() -> None:
    assert Join(GUILD, 1000.5, CHANNEL).key == f"welcome:{GUILD}:1000500"
    assert Join(GUILD, 1000.5, None).key == Join(GUILD, 1000.5, CHANNEL).key
    assert Join(GUILD, 1000.5, CHANNEL).key != Join(GUILD, 1060.5, CHANNEL).key


async def test_the_joins_welcomed_before_the_welcome_was_owed_owe_nothing(
    tmp_path: Path,
) -> None:
    """A database of version 25, whose welcomes were posted as they were claimed: upgraded,
    none is owed, and a delivery of the same join again posts nothing."""
    path = tmp_path / "welcomed.sqlite3"
    async with aiosqlite.connect(path, isolation_level=None) as connection:
        version = max(SQLITE_VERSIONS)
        await make_sqlite(connection, version)
        while version < 25:
            version, statements = upgrade(version, "sqlite")
            for statement in statements:
                await connection.execute(statement)
        await connection.execute(f"PRAGMA user_version = {version}")
        await connection.execute(
            "INSERT INTO welcomes (guild_id, joined_at, welcomed_at) VALUES (?, ?, ?)",
            (GUILD, 1000.5, 1001.0),
        )
    database = await open_database(path)
    try:
        welcomes = GameService(database).part(WelcomeService)
        assert await welcomes.owed(EVERY) == []
        assert await welcomes.joined(GUILD, 1000.5, CHANNEL) is None
    finally:
        await database.close()
