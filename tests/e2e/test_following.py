"""Following a game through Discord, in every game: **Follow** under a table answers the
presser alone, with **Unfollow**; the follower gets one direct message at the end (the
result as the channel shows it, with a link and the replay's command) and, as they
chose, one at each round's end (the table as the channel shows it); never more than the
channel shows. ``/<game> follow`` finds a game by its number; ``/my games`` lists the
games one follows, and drops them. A follow outlives a restart, and two processes on
PostgreSQL tell each follower once."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.games.faces import face_for
from bot.games.outcome import Outcome
from bot.games.registry import rules_for
from bot.service import Actor
from bot.storage import Game, GameStatus
from bot.storage.game_values import Level
from emulator import Message
from emulator.model import Channel, User
from tests.e2e.world import World, describe, ephemeral_answer, make_world, note_of
from tests.postgres_cluster import Cluster

TITLES = {"claimit": "Claim It!", "nuggets": "Gold Nuggets", "claim": "Claim"}


@pytest.fixture
async def world(tmp_path: Path, database_target: str) -> AsyncIterator[World]:
    world = await make_world(tmp_path, players=3, database=database_target)
    await world.start_bot()
    try:
        yield world
    finally:
        await world.stop_bots()
        await world.discord.close()


async def started_here(world: World, group: str) -> tuple[Game, Message]:
    """A two-player game of ``group`` started here by Ann and Bo, and its table."""
    table = await world.start_game(2, group)
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None
    return game, table


async def play_to_the_end(world: World, game: Game, group: str) -> Message:
    """Ann and Bo play the game to its end, each move the one a computer player would
    make; the result the channel shows."""
    bot = world.bots[0]
    rules = rules_for(game.kind)
    rng = random.Random(11)
    for _ in range(3000):
        game = await world.settled(game.id)
        if game.status is GameStatus.FINISHED:
            break
        seat = next(s for s in rules.to_act(game.state) if not game.seats[s].is_bot)
        user = game.seats[seat].user_id
        intent = rules.decide(game.state, seat, Level.NORMAL, rng)
        moved = game

        async def change(
            moved: Game = moved, user: int | None = user, intent: str = intent
        ) -> Outcome:
            return await bot.service.act(moved.id, Actor(user), None, intent)

        await bot.table.move(moved.id, change, bot.table.unclicked)
    assert game.status is GameStatus.FINISHED
    result = await world.discord.wait_for_message(
        world.channel, lambda m: f"{TITLES[group]} #{game.number} · game over" in describe(m)
    )
    await world.quiet()
    await told(world)
    return result


async def told(world: World) -> None:
    """Until every follower has been told what the games' events so far owe them."""
    for bot in world.bots:
        await bot.events.idle()


def dms(world: World, user: User) -> list[Message]:
    """What the bot wrote to ``user`` directly."""
    return world.discord.dm_with(user).visible(user.id)


def pictures(message: Message) -> list[bytes]:
    return [attachment.data for attachment in message.attachments]


@pytest.mark.parametrize("group", ["claimit", "nuggets", "claim"])
async def test_a_follower_hears_of_the_end_once_with_the_result_the_channel_shows(
    world: World, group: str
) -> None:
    cy = world.players[2]
    title = TITLES[group]
    game, table = await started_here(world, group)
    assert "Follow" in table.button_labels()
    followed = await world.click(cy, table, "Follow")
    answer = followed.response_message
    assert answer is not None and answer.ephemeral
    assert f"🔔 You follow [{title} #{game.number}]" in describe(answer)
    assert "you'll hear of its end by direct message" in describe(answer)
    assert answer.button_labels() == ["Unfollow"]
    table = world.table()
    again = await world.click(cy, table, "Follow")
    assert f"You follow [{title} #{game.number}]" in ephemeral_answer(again)
    assert "already" in ephemeral_answer(again)
    result = await play_to_the_end(world, game, group)
    [dm] = dms(world, cy)
    assert f"{title} #{game.number}](" in note_of(dm)
    assert "which you follow, is over: on" in note_of(dm)
    assert f"Watch it again with /{face_for(game.kind).command} replay game:{game.number}." in (
        note_of(dm)
    )
    assert dm.button_labels() == []
    # Exactly what the channel's result shows: its words and its picture, nothing more.
    assert describe(dm).removeprefix(note_of(dm)).strip() == describe(result).strip()
    assert pictures(dm) == pictures(result) and pictures(dm)
    assert dms(world, world.players[0]) == [] or all(
        "which you follow" not in note_of(m) for m in dms(world, world.players[0])
    )
