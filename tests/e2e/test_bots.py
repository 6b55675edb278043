"""Computer players in Discord: seated from the lobby or /claimit new, playing by themselves."""

from __future__ import annotations

import random

from emulator import Message
from tests.e2e.test_full_games import is_result
from tests.e2e.world import World, board_png, describe, pick_button, text_of


async def test_a_human_plays_a_whole_game_against_two_bots(world: World) -> None:
    human = world.players[0]
    created = await world.command(human, "claimit new", bots=2, bot_level="normal")
    lobby = created.response_message
    assert lobby is not None
    assert "Bot 1 (normal)" in describe(lobby)
    assert "Bot 2 (normal)" in describe(lobby)
    await world.click(human, lobby, "Start")
    rng = random.Random(1)
    result = None
    pings = 0
    while result is None:
        message = await world.discord.wait_for_message(
            world.channel,
            lambda m: is_result(m) or (human.id in m.mentions and bool(m.buttons())),
        )
        if is_result(message):
            result = message
            break
        pings += 1
        await play_my_turn(world, message, rng)
    assert pings >= 1
    board_png(result)
    description = text_of(result)
    assert "Bot 1" in description and "Bot 2" in description
    bot_messages = [
        m
        for m in world.channel.visible()
        if m.components_v2 and not m.mentions and "rolled" in text_of(m)
    ]
    assert bot_messages, "the bots' turns were shown in the channel"
    assert not any(i.errors for i in world.discord.interactions.values())


async def play_my_turn(world: World, message: Message, rng: random.Random) -> None:
    human = world.players[0]
    while message.buttons():
        await world.click(human, message, pick_button(message, rng, stop_chance=0.5))


async def test_the_host_adds_and_removes_bots_in_the_lobby(world: World) -> None:
    host, guest = world.players[:2]
    lobby = (await world.command(host, "claimit new")).response_message
    assert lobby is not None
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
    lobby = (await world.command(human, "claimit new", bots=1, bot_level="easy")).response_message
    assert lobby is not None
    bot = world.bots[0]
    # The computer player never gets to move before the restart: its first step waits.
    bot.table.computer.pause = 3600.0
    await world.click(human, lobby, "Start")
    game = await bot.service.current_game(world.channel.id)
    assert game is not None and game.state is not None
    if not game.seats[game.state.turn].is_bot:
        message = await world.discord.wait_for_message(
            world.channel, lambda m: human.id in m.mentions
        )
        await world.click(human, message, "Roll")
        message = world.latest_with_buttons()
        await world.click(human, message, message.button_labels()[0])
        await world.click(human, message, "Stop & claim")
    version = (await bot.service.game(game.id)).version
    await world.stop_bots()
    restarted = await world.start_bot()
    await world.discord.wait_for_message(
        world.channel, lambda m: human.id in m.mentions and bool(m.buttons())
    )
    assert (await restarted.service.game(game.id)).version > version
