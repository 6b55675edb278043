"""Computer players in Discord: seated from the lobby or /claimit new, playing by themselves."""

from __future__ import annotations

import functools
import random

import pytest

from bot.discord_ui.face_drawing import to_ping
from bot.games.registry import rules_for
from bot.storage import GameStatus
from emulator import Message
from tests.e2e.test_full_games import is_result
from tests.e2e.world import World, board_png, describe, pick_button, text_of


async def test_a_human_plays_a_whole_game_against_two_bots(world: World) -> None:
    human = world.players[0]
    lobby = await world.answered(human, "claimit new", bots=2, bot_level="normal")
    assert "Bot 1 (normal)" in describe(lobby)
    assert "Bot 2 (normal)" in describe(lobby)
    await world.click(human, lobby, "Start")
    table = lobby
    started = await world.bots[0].service.current_game(world.channel.id)
    assert started is not None
    rng = random.Random(1)
    clicks = 0
    said = [describe(table)]
    while (game := await world.settled(started.id)).status is GameStatus.ACTIVE:
        if to_ping(game) == [human.id]:
            clicks += 1
            await world.click(human, table, pick_button(table, rng, stop_chance=0.5))
        else:
            # The computer players' steps show on the table, one by one.
            await world.discord.wait_for_message(
                world.channel, functools.partial(changed, table, describe(table))
            )
        said.append(describe(table))
    assert clicks >= 1
    assert is_result(table)
    board_png(table)
    description = text_of(table)
    assert "Bot 1" in description and "Bot 2" in description
    assert any("Bot 1 (normal) rolled" in words for words in said), "the bots' turns were shown"
    # The computer players were never pinged; only the human was, and no ping is left.
    assert all(m.mentions == [human.id] for m in world.channel.messages if m.mentions)
    assert world.pings() == [] and [m for m in world.channel.visible()] == [table]
    assert not any(i.errors for i in world.discord.interactions.values())


def changed(table: Message, before: str, message: Message) -> bool:
    return message is table and describe(message) != before


async def test_the_host_adds_and_removes_bots_in_the_lobby(world: World) -> None:
    host, guest = world.players[:2]
    lobby = await world.answered(host, "claimit new")
    refused = await world.select(guest, lobby, "Add a computer player…", "hard")
    assert (
        refused.response_message is not None and "Only the host" in refused.response_message.content
    )
    await world.select(host, lobby, "Add a computer player…", "hard")
    assert "Bot 1 (hard)" in describe(lobby)
    await world.select(host, lobby, "Remove a computer player…", "1")
    assert "Bot 1" not in describe(lobby)


async def test_bots_finish_their_turn_after_a_restart(world: World) -> None:
    human = world.players[0]
    lobby = await world.answered(human, "claimit new", bots=1, bot_level="easy")
    bot = world.bots[0]
    # The computer player never gets to move before the restart: its first step waits.
    bot.table.computer.pause = 3600.0
    await world.click(human, lobby, "Start")
    game = await bot.service.current_game(world.channel.id)
    assert game is not None and game.state is not None
    if not game.seats[game.state.turn].is_bot:
        await world.click(human, lobby, "Roll")
        await world.click(human, lobby, lobby.button_labels()[0])
        await world.click(human, lobby, "Stop & claim")
    version = (await bot.service.game(game.id)).version
    await world.stop_bots()
    restarted = await world.start_bot()
    # The computer player's turn was finished after the restart: the human's is on the table.
    await world.discord.wait_for_message(
        world.channel, lambda m: m is lobby and "Roll" in m.button_labels()
    )
    assert (await restarted.service.game(game.id)).version > version


async def test_a_computer_player_that_cannot_decide_has_the_time_out_rule_move_for_it(
    world: World, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Its fault is logged once, the players read one plain line, and the game goes on at
    once instead of a step per turn deadline."""
    rules = rules_for("claimit")

    def failing(*_: object) -> str:
        raise RuntimeError("a fault in the computer player")

    monkeypatch.setattr(type(rules), "decide", failing)
    human = world.players[0]
    lobby = await world.answered(human, "claimit new", bots=1)
    await world.click(human, lobby, "Start")
    table = lobby
    started = await world.bots[0].service.current_game(world.channel.id)
    assert started is not None
    rng = random.Random(3)
    note = "Bot 1 (normal) couldn't decide its move, so the time-out rule played it."
    for _ in range(40):
        game = await world.settled(started.id)
        if note in describe(table):
            break
        if to_ping(game) == [human.id]:
            await world.click(human, table, pick_button(table, rng, stop_chance=0.5))
        else:
            # No deadline passes (the test's clock stands still): the step comes at once.
            await world.discord.wait_for_message(
                world.channel, functools.partial(changed, table, describe(table))
            )
    else:
        raise AssertionError("the computer player never moved")
    faults = [r for r in caplog.records if r.exc_info and "could not decide" in r.getMessage()]
    assert len(faults) == 1
    assert to_ping(game) == [human.id]
