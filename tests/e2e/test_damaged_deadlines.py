"""One game's damaged value never stops everyone's deadlines: whichever value the deadline
scan reads is damaged in one game (text where a number belongs, which SQLite keeps; a
number that isn't finite, which PostgreSQL's double precision keeps too), the other game
still times out, again and again, and the damaged one is set aside: its clock stopped,
its players told, one log line."""

from __future__ import annotations

import functools
import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Game
from bot.storage.opening import open_database
from emulator import Channel, Message
from tests.e2e.world import World, describe, moves, running_world
from tests.postgres_cluster import Cluster

TURN = 600
DAMAGE = [
    ("sqlite", "version = 'x', shown_version = 'x'"),
    ("sqlite", "version = 'x'"),
    ("sqlite", "version = version + 0.5"),
    ("sqlite", "shown_version = 'x'"),
    ("sqlite", "shown_version = X'00'"),
    ("sqlite", "deadline = 'x'"),
    ("sqlite", "deadline = 9e999"),
    ("sqlite", "deadline = -9e999"),
    ("sqlite", "guild_id = 'x'"),
    ("postgresql", "deadline = 'Infinity'"),
    ("postgresql", "deadline = '-Infinity'"),
    ("postgresql", "deadline = 'NaN'"),
]
"""Each value the scan reads (its condition's columns included), on the database that can
hold the damage (a status is checked by the schema itself)."""


@pytest.fixture(params=DAMAGE, ids=[f"{backend}: {damage}" for backend, damage in DAMAGE])
async def damaged_world(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[tuple[World, str]]:
    backend, damage = request.param
    database = None
    if backend == "postgresql":
        cluster: Cluster = request.getfixturevalue("postgres")
        database = await cluster.new_database()
    async with running_world(tmp_path, database=database) as world:
        yield world, damage


async def started_in(world: World, channel: Channel) -> tuple[Game, Message]:
    """A game of two people in ``channel``, once its first turn is up: the game, and its
    table."""
    ann, bo = world.players[:2]
    lobby = await world.answered(ann, "claimit new", where=channel)
    await world.click(bo, lobby, "Join")
    await world.click(ann, lobby, "Start")
    (game,) = await world.bots[0].service.games_here(channel.id)
    return await world.settled(game.id), lobby


def timed_out(channel: Channel) -> int:
    """The turns that ran out, as the channel shows them: the table's newest move and the
    lines of its log above it (four moves in all, enough for the three below)."""
    return sum(describe(m).count("time ran out") for m in channel.visible())


def times_out(channel: Channel, turns: int) -> bool:
    return timed_out(channel) == turns


async def test_a_damaged_value_in_one_game_stops_no_other_games_deadlines(
    damaged_world: tuple[World, str], caplog: pytest.LogCaptureFixture
) -> None:
    world, damage = damaged_world
    damaged_channel = world.discord.add_channel(world.guild, "damaged")
    healthy, table = await started_in(world, world.channel)
    damaged, _ = await started_in(world, damaged_channel)
    database = await open_database(world.database)
    try:
        await database.write(
            lambda connection: connection.execute(
                f"UPDATE games SET {damage} WHERE id = ?", (damaged.id,)
            )
        )
    finally:
        await database.close()
    caplog.set_level(logging.ERROR)
    for turns in range(1, 4):
        world.clock.advance(TURN)
        await world.discord.wait_until(functools.partial(times_out, world.channel, turns))
    # All on the one table, which offers the turn after them.
    with_buttons = [m.id for m in world.channel.visible() if m.buttons()]
    assert with_buttons == [table.id], [
        (m.id, m.author.name, m.nonce, m.interaction_id, describe(m)[:120], m.button_labels())
        for m in world.channel.messages
    ]
    after = await world.bots[0].service.game(healthy.id)
    assert after.version > healthy.version
    assert all(f":{after.version}:" in b["custom_id"] for b in moves(table))
    assert timed_out(damaged_channel) == 0
    told = await world.discord.wait_for_message(damaged_channel, lambda m: "damaged" in m.content)
    assert told.content.startswith("⚠️")
    set_aside = [r for r in caplog.records if f"game {damaged.id} is damaged" in r.message]
    assert len(set_aside) == 1, [r.message for r in caplog.records]
    assert (await world.bots[0].service.game(damaged.id)).deadline is None
    assert (await world.bots[0].service.game(healthy.id)).broken is None
