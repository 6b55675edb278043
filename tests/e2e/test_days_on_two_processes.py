"""Games over days with the bot's two shards run apart, sharing one PostgreSQL database:
each bot has its own connections, gateway session and shard lease, and nothing in common
but the database and the test's clock. A turn notice posted by one is deleted by the
other when the move is made there (a press in a DM comes on the first shard, whatever
the game's); a daily summary goes out once, listing games of both; a time away ends in
every game, each by the bot whose shard it is; each turn's clock ends once."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord_ui.face_drawing import to_ping
from emulator import Channel, Guild, User, shard_of
from tests.e2e.days import (
    DAY,
    HOUR,
    TWO_DAYS,
    kept,
    notices,
    press_any,
    start_two,
    to_noon,
    until_turn_of,
)
from tests.e2e.world import World, describe, make_world, note_of
from tests.postgres_cluster import Cluster

pytestmark = pytest.mark.long(seconds=3)

SHARDS = 2


@pytest.fixture
async def world(tmp_path: Path, postgres: Cluster) -> AsyncIterator[World]:
    world = await make_world(
        tmp_path, 4, database=await postgres.new_database(), synced=True, max_concurrency=SHARDS
    )
    async with world:
        yield world


def server_in_shard(world: World, shard: int, owner: User) -> tuple[Guild, Channel]:
    guild = world.discord.add_guild(f"Shard {shard}", owner, id=((2048 + shard) << 22) | 5)
    assert shard_of(guild.id, SHARDS) == shard
    for player in world.players:
        if player is not owner:
            world.discord.add_member(guild, player)
    return guild, world.discord.add_channel(guild, "games")


async def test_two_bots_share_the_clocks_and_the_direct_messages(world: World) -> None:
    ann, bo, cy, di = world.players[:4]
    first, second = server_in_shard(world, 0, ann), server_in_shard(world, 1, ann)
    await world.start_bot(shards=(SHARDS, frozenset({0})))
    await world.start_bot(shards=(SHARDS, frozenset({1})))
    await world.discord.wait_for_shards(SHARDS)
    to_noon(world)
    await world.command(ann, "my settings", notify="dm")
    await world.command(di, "my settings", notify="summary", summary_at="18")
    near = await start_two(world, ann, bo, where=first[1])
    far = await start_two(world, di, cy, where=second[1])
    far_too = await start_two(world, ann, di, where=world.discord.add_channel(second[0], "more"))

    # Ann's notice of the far shard's game, played from her DM (which comes on the first
    # shard): the bot that showed the move deletes the notice the other posted.
    world.advance(HOUR)
    far_too = await until_turn_of(world, far_too, ann)
    (notice,) = [m for m in kept(world, ann) if f"<#{far_too.place_id}>" in note_of(m)]
    version = far_too.version
    await press_any(world, ann, notice, random.Random(1))
    far_too = await world.settled(far_too.id)
    assert far_too.version > version
    if ann.id not in to_ping(far_too):
        assert notice.deleted

    # Di's summary at 18:00 UTC, once, listing her games of both shards' servers.
    far = await until_turn_of(world, far, di)
    far_too = await until_turn_of(world, far_too, di)
    now = dt.datetime.fromtimestamp(world.clock.now(), dt.UTC)
    six = now.replace(hour=18, minute=0, second=0, microsecond=0)
    if six <= now:
        six += dt.timedelta(days=1)
    world.advance(six.timestamp() - world.clock.now() + 1)
    dm = world.discord.dm_with(di)
    summary = await world.discord.wait_for_message(dm, lambda m: "Your games today" in describe(m))
    assert "2 games wait for you." in describe(summary)
    world.advance(60)
    await world.settled(far.id)
    assert len([m for m in notices(world, di) if "Your games today" in describe(m)]) == 1

    # Ann away until tomorrow's end: both her games wait, and both go on when it ends,
    # each by the bot of its shard.
    tomorrow = dt.datetime.fromtimestamp(world.clock.now(), dt.UTC).date() + dt.timedelta(1)
    await world.command(ann, "my away", until=tomorrow.isoformat())
    near = await until_turn_of(world, near, ann)
    far_too = await until_turn_of(world, far_too, ann)
    left = {}
    for game in (near, far_too):
        waiting = await world.settled(game.id)
        assert waiting.deadline is None and waiting.paused_left is not None, "waiting for her"
        left[game.id] = waiting.paused_left
    world.advance(2 * DAY)
    for game in (near, far_too):
        where = world.place_of(game)
        await world.discord.wait_for_message(where, lambda m: "👋 Ann is back" in describe(m))
        back = await world.settled(game.id)
        assert back.deadline == pytest.approx(world.clock.now() + left[game.id], abs=5)

    # A turn's clock ends once, in the game's own shard.
    world.advance(TWO_DAYS * 60 + 1)
    for game in (near, far_too):
        timed_out = await world.discord.wait_for_message(
            world.place_of(game), lambda m: "time ran out" in describe(m)
        )
        after = await world.settled(game.id)
        (seat,) = [s for s in after.seats if s.user_id == ann.id]
        assert seat.timeouts == 1, "ended once"
        assert timed_out is not None
