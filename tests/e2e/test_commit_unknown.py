"""A click whose COMMIT's answer never arrives (PostgreSQL's connection drops just then)
is never told "nothing changed" when it counted. Through a proxy that loses what the test
asks: the answer lost after the server committed (the bot looks the transaction up and
shows the move as if answered), the COMMIT itself lost (rolled back: nothing changed, and
that is what the player reads), and the answer lost while the server stays away (the
player is told the bot can't tell yet; once the server is back the game shows where it
stands and its deadline runs)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Game, postgres
from emulator import Message, User
from tests.e2e.world import World, describe, ephemeral_answer, running_world
from tests.pg_proxy import PostgresProxy
from tests.postgres_cluster import Cluster

MOVE = "INSERT INTO moves"
NOTHING_CHANGED = "nothing changed"
TURN = 600


@pytest.fixture
async def proxy(postgres: Cluster) -> AsyncIterator[PostgresProxy]:
    proxy = PostgresProxy(postgres.port)
    await proxy.start()
    try:
        yield proxy
    finally:
        await proxy.close()


@pytest.fixture
async def world(proxy: PostgresProxy, postgres: Cluster, tmp_path: Path) -> AsyncIterator[World]:
    database = proxy.url(await postgres.new_database())
    async with running_world(tmp_path, database=database) as world:
        yield world


async def playing(world: World) -> tuple[Message, Game, User]:
    """A game started: its table, the game, and whoever is to move."""
    turn = await world.start_game(2)
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None
    return turn, game, await world.mover()


def told(world: World, user_id: int) -> list[str]:
    return [m.content for m in world.channel.visible(user_id) if m.visible_to == user_id]


async def test_a_commit_whose_answer_was_lost_is_looked_up_and_shown_as_it_counted(
    world: World, proxy: PostgresProxy
) -> None:
    turn, game, mover = await playing(world)
    proxy.lose_next_commit_answer(MOVE)
    await world.click(mover, turn, "Roll")
    assert proxy.lost.is_set()
    await world.discord.wait_for_message(
        world.channel, lambda m: m is turn and "rolled" in describe(m)
    )
    await world.bots[0].table.reconciler.idle.wait()
    assert not any(NOTHING_CHANGED in said for said in told(world, mover.id))
    service = world.bots[0].service
    assert len(await service.history.moves(game.id)) == 1
    # The message shows the move before the bot records that it does.
    assert (await world.settled(game.id)).shown


async def test_a_lost_commit_is_rolled_back_and_said_to_have_changed_nothing(
    world: World, proxy: PostgresProxy
) -> None:
    turn, game, mover = await playing(world)
    proxy.lose_next_commit(MOVE)
    clicked = await world.click(mover, turn, "Roll")
    assert proxy.lost.is_set()
    assert NOTHING_CHANGED in ephemeral_answer(clicked)
    service = world.bots[0].service
    assert await service.history.moves(game.id) == []
    after = await service.game(game.id)
    assert after.version == game.version and after.shown
    assert "rolled" not in describe(turn) and "Roll" in turn.button_labels()


async def test_a_commit_nobody_can_look_up_is_said_to_be_unknown_then_shown(
    world: World, proxy: PostgresProxy, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(postgres, "COMMIT_LOOKUP", 0.5)
    turn, game, mover = await playing(world)
    proxy.lose_next_commit_answer(MOVE, then_refuse=True)
    clicked = await world.click(mover, turn, "Roll")
    answer = await world.discord.wait_for_message(
        world.channel,
        lambda m: m.visible_to == mover.id and m.interaction_id == clicked.id and bool(m.content),
    )
    assert "can't tell yet" in answer.content and NOTHING_CHANGED not in answer.content
    assert "rolled" not in describe(turn)
    # The server is back: the reconciler (a moment later on the bot's clock) shows it.
    proxy.refusing = False
    world.clock.advance(2)
    await world.discord.wait_for_message(
        world.channel, lambda m: m is turn and "rolled" in describe(m)
    )
    await world.bots[0].table.reconciler.idle.wait()
    service = world.bots[0].service
    assert len(await service.history.moves(game.id)) == 1
    shown = await world.settled(game.id)
    assert shown.shown
    # And its deadline runs: the quiet turn ends by itself.
    world.clock.advance(TURN)
    await world.discord.wait_for_message(world.channel, lambda m: "time ran out" in describe(m))
