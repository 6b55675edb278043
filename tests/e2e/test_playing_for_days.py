"""A game played over days, both its players told of their turn by direct message, in
every game: each turn's notice is a new DM (Discord notifies nobody of an edit) that
replaces the last, so that a player's DMs hold at most one per game, none once it is
over; someone playing along in the channel is not messaged; moves are made from the DMs
(in Claim, from the hand the notice carries) and the table follows; a restart midway
changes none of it; and the bot asks Discord for one post and one delete per player and
turn, each player's DM channel opened once (a restart opens it once more)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.discord_ui.face_drawing import to_ping
from bot.games.registry import GAMES
from tests.e2e.days import DAY, TWO_DAYS, kept, move_on_table, notices, press_any
from tests.e2e.world import THREAD_PERMISSIONS, World, describe, note_of, running_world

PLAYED_ALONG = 8
"""Moves made at the start without time passing, both players at the table."""
RESTART_AT = PLAYED_ALONG + 12
"""The move before which the bot restarts."""

Requests = list[tuple[str, str, Any]]


@pytest.fixture
async def world(tmp_path: Path, database_target: str) -> AsyncIterator[World]:
    async with running_world(tmp_path, database=database_target, synced=True) as world:
        yield world


@pytest.fixture
def requests(monkeypatch: pytest.MonkeyPatch) -> Requests:
    """Every request the bot makes of Discord: its method, route and channel."""
    seen: Requests = []
    original = discord.http.HTTPClient.request

    async def counted(
        http: discord.http.HTTPClient, route: discord.http.Route, **kwargs: Any
    ) -> Any:
        seen.append((route.method, route.path, route.channel_id))
        return await original(http, route, **kwargs)

    monkeypatch.setattr(discord.http.HTTPClient, "request", counted)
    return seen


@pytest.mark.parametrize("kind", list(GAMES))
async def test_two_players_on_direct_messages_over_days(
    world: World, requests: Requests, kind: str
) -> None:
    ann, bo = world.players[0], world.players[1]
    for player in (ann, bo):
        await world.command(player, "my settings", notify="dm")
    lobby = await world.answered(ann, f"{kind} new", turn_timeout=TWO_DAYS)
    await world.click(bo, lobby, "Join")
    await world.click(ann, lobby, "Start")
    started = await world.bots[0].service.current_game(world.channel.id)
    assert started is not None
    began = world.clock.now()

    rng = random.Random(7)
    moved: set[int] = set()
    from_dm = {ann.id: 0, bo.id: 0}
    last_mover: int | None = None
    posted_when_along = 0
    for step in range(3000):
        game = await world.settled(started.id)
        for player in (ann, bo):
            assert len(kept(world, player)) <= 1, "one notice per game at most"
        if game.status.value != "active":
            break
        mover = world.user(to_ping(game)[0])
        along = step < PLAYED_ALONG
        if along and moved == {ann.id, bo.id}:
            # Both at the table, moving within a minute of each other: nobody is messaged.
            posted = len(notices(world, ann)) + len(notices(world, bo))
            posted_when_along = posted_when_along or posted
            assert posted == posted_when_along, "someone playing along was messaged"
        if step == RESTART_AT:
            # The bot restarts midway: the notices it keeps are still the ones it deletes.
            await world.stop_bots()
            await world.start_bot()
            game = await world.settled(started.id)
        if not along and mover.id != last_mover:
            # Hours go by before they come back to it: their DM found them meanwhile.
            world.advance(rng.uniform(1.5, 4.5) * 3600)
            dm = world.discord.dm_with(mover)
            await world.discord.wait_for_message(
                dm, lambda m: m.author.id == world.discord.bot.id and not m.ephemeral
            )
            game = await world.settled(started.id)
        last_mover = mover.id
        told = kept(world, mover)
        if told and rng.random() < 0.5:
            (notice,) = told
            assert note_of(notice).startswith(f"🎲 Your turn in [{describe_game(kind)} #1]")
            (table_picture, *hand) = notice.gallery_items()
            assert table_picture.description
            assert bool(hand) is (kind == "claim"), "Claim's notice carries the hand"
            assert "**My hand**" not in describe(notice), "not sent to the hand right below"
            version = game.version
            await press_any(world, mover, notice, rng)
            assert (await world.settled(started.id)).version > version, "the DM's press moved"
            from_dm[mover.id] += 1
        else:
            await move_on_table(world, game, mover, rng)
        moved.add(mover.id)
    else:
        raise AssertionError("the game did not finish")

    assert world.clock.now() - began > DAY, "played over days"
    assert all(count > 0 for count in from_dm.values()), from_dm
    for player in (ann, bo):
        assert kept(world, player) == [], "none once the game is over"
        dm_id = world.discord.dm_with(player).id
        to_dm = [(method, path) for method, path, channel in requests if channel == dm_id]
        posts = to_dm.count(("POST", "/channels/{channel_id}/messages"))
        deletes = to_dm.count(("DELETE", "/channels/{channel_id}/messages/{message_id}"))
        assert posts == len(notices(world, player)) > 2
        assert deletes == posts
        assert len(to_dm) == posts + deletes, "nothing but a post and a delete a turn"
        each = len(to_dm) / posts
        print(f"{kind}: {player.name} told of {posts} turns by DM, {each} requests a turn")
    opened = [r for r in requests if r[:2] == ("POST", "/users/@me/channels")]
    assert len(opened) == 4, "each player's DM channel opened once, and once after the restart"


def describe_game(kind: str) -> str:
    return GAMES[kind].name


async def test_a_move_from_a_dm_posts_into_the_games_archived_thread(tmp_path: Path) -> None:
    """A day and more without a move: the game's thread archives itself, and Ann's move
    from her DM, the first thing to touch it, posts the table anew there (which
    unarchives it) rather than editing the old one, which Discord refuses."""
    async with running_world(tmp_path, bot_permissions=THREAD_PERMISSIONS, synced=True) as world:
        ann, bo = world.players[0], world.players[1]
        await world.command(ann, "server settings", threads=True)
        await world.command(ann, "my settings", notify="dm")
        lobby = await world.answered(ann, "claimit new", turn_timeout=TWO_DAYS)
        await world.click(bo, lobby, "Join")
        await world.click(ann, lobby, "Start")
        (game,) = await world.bots[0].service.games_here(world.channel.id)
        thread = world.place_of(game)
        assert thread.is_thread
        rng = random.Random(2)
        while to_ping(game := await world.settled(game.id)) != [ann.id]:
            await press_any(world, bo, world.table(thread), rng)
        old = world.table(thread)
        world.advance(30 * 3600)
        await world.discord.pass_time(0)
        assert thread.archived
        (notice,) = kept(world, ann)
        await press_any(world, ann, notice, rng)
        moved = await world.settled(game.id)
        assert moved.version > game.version
        assert not thread.archived and old.deleted
        assert world.table(thread).id == moved.turn_message_id
