"""Games that could stall: a deadline whose handling fails, and a game whose saved data
does not fit it. Neither may stop a game for good, nor any other game."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.discord_ui.core.turns.handlers import Turns
from bot.storage import Game
from bot.storage.opening import open_database
from emulator import Channel, Message, User
from engine.claimit import GameState, state_to_json
from tests.disk import tiny_disk
from tests.e2e.world import World, describe, ephemeral_answer, make_world, moves, running_world

TURN = 600


async def until(condition: Callable[[], bool]) -> None:
    """Until ``condition()`` holds: for what the bot does away from any message."""
    while not condition():
        await asyncio.sleep(0.01)


async def test_a_deadline_that_fails_on_a_full_disk_is_tried_again_until_the_turn_ends(
    tmp_path: Path,
) -> None:
    with tiny_disk(tmp_path / "disk") as disk:
        async with running_world(disk.path, players=2) as world:
            table = await world.start_game(2)
            game = await world.settled((await current(world)).id)
            turn = [b["custom_id"] for b in table.buttons()]
            disk.fill()
            world.clock.advance(TURN)
            await until(lambda: world.bots[0].parts.get(Turns).deadlines.failures(game.id) >= 1)
            assert [b["custom_id"] for b in table.buttons()] == turn, "nothing was written"
            disk.free()
            # The first retry comes a second later, on the bot's clock.
            world.clock.advance(1)
            ended = await world.discord.wait_for_message(
                world.channel, lambda m: m is table and "time ran out" in describe(m)
            )
            after = await current(world)
            assert after.version > game.version
            # The table offers the next turn, not the one that ran out.
            assert moves(ended) and all(
                f":{after.version}:" in b["custom_id"] for b in moves(ended)
            )


async def test_one_game_whose_position_does_not_fit_stops_no_other_game(
    tmp_path: Path, database_target: str
) -> None:
    world = await make_world(tmp_path, players=3, database=database_target)
    async with world:
        await world.start_bot()
        ann, bo, cy = world.players[:3]
        damaged_at = world.discord.add_channel(world.guild, "damaged")
        bots_at = world.discord.add_channel(world.guild, "bots")
        damaged_table = await start_in(world, damaged_at, ann, bo)
        lobby = await world.answered(cy, "claimit new", where=bots_at, bots=1)
        quiet_table = await world.start_game(2)
        damaged = await world.bots[0].service.current_game(damaged_at.id)
        assert damaged is not None
        await world.stop_bots()
        # A valid position, but for five players on a two-seat game.
        await corrupt(world, damaged, GameState.new(5))

        await world.start_bot()
        # The computer player's game starts and plays on, and deadlines still fire: Cy
        # plays a turn (a first roll never busts), then the computer player its own.
        await world.click(cy, lobby, "Start")
        await world.click(cy, lobby, "Roll")
        await world.click(cy, lobby, lobby.button_labels()[0])
        await world.click(cy, lobby, "Stop & claim")
        await world.discord.wait_for_message(
            bots_at,
            lambda m: m is lobby and "Bot 1" in describe(m) and "**Cy**: roll" in describe(m),
        )
        world.clock.advance(TURN)
        await world.discord.wait_for_message(
            world.channel, lambda m: m is quiet_table and "time ran out" in describe(m)
        )
        told = await world.discord.wait_for_message(
            damaged_at, lambda m: "damaged" in m.content and "/claimit cancel" in m.content
        )
        # The technical reason is for the log, not for the players.
        assert "5 players" not in told.content
        refusal = ephemeral_answer(await world.click(ann, damaged_table, "Roll"))
        assert "saved data is damaged" in refusal and "Something went wrong" not in refusal
        assert (await world.bots[0].service.game(damaged.id)).deadline is None
        done = await world.command(ann, "claimit cancel", where=damaged_at)
        assert done.response_message is not None and "cancelled" in done.response_message.content
        # Told once, although the start-up, the deadline watch and the click all met it.
        assert len([m for m in damaged_at.visible() if "damaged" in m.content]) == 1


async def start_in(world: World, channel: Channel, host: User, guest: User) -> Message:
    """A game of ``host`` and ``guest`` started in ``channel``; its table."""
    lobby = await world.answered(host, "claimit new", where=channel)
    await world.click(guest, lobby, "Join")
    await world.click(host, lobby, "Start")
    return lobby


async def current(world: World) -> Game:
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None
    return game


async def corrupt(world: World, game: Game, state: GameState) -> None:
    database = await open_database(world.database)
    try:
        await database.write(
            lambda connection: connection.execute(
                "UPDATE games SET state = ? WHERE id = ?",
                (json.dumps(state_to_json(state)), game.id),
            )
        )
    finally:
        await database.close()


async def test_a_full_disk_is_one_plain_line_while_it_lasts_and_one_when_it_is_over(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Every click is answered that nothing changed; the log says why once, not with a
    traceback per click, and says when writes work again."""
    with tiny_disk(tmp_path / "disk") as disk:
        async with running_world(disk.path, players=2) as world:
            table = await world.start_game(2)
            game = await world.settled((await current(world)).id)
            mover = await world.mover()
            caplog.clear()
            disk.fill()
            for _ in range(4):
                refused = ephemeral_answer(await world.click(mover, table, "Roll"))
                assert "nothing changed" in refused.lower() or "didn't change" in refused
            assert (await current(world)).version == game.version
            assert [r for r in caplog.records if r.exc_info] == []
            errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
            assert len(errors) == 1 and "disk is full" in errors[0].getMessage(), errors
            disk.free()
            await world.click(mover, table, "Roll")
            assert (await current(world)).version == game.version + 1
            over = [r for r in caplog.records if "writes work again" in r.getMessage()]
            assert len(over) == 1
