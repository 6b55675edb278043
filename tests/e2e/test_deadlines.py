"""Games never get stuck: quiet turns end, quiet players are replaced, lobbies close,
restarts catch up, deleted messages come back. Time is the test's, not the wall's."""

from __future__ import annotations

import asyncio
import functools
import random
import re

from bot.discord_ui.face_drawing import to_ping
from emulator import Message
from tests.e2e.world import World, describe, ephemeral_answer, is_game_over, pick_button

TURN = 600
LOBBY = 1800


async def without_buttons(world: World, message: Message) -> Message:
    """The message, once it has lost its buttons."""
    return await world.discord.wait_for_message(
        world.channel, lambda m: m is message and not m.buttons()
    )


async def test_the_turn_message_shows_its_deadline_as_a_live_timestamp(world: World) -> None:
    turn = await world.start_game(2)
    stamp = re.search(r"<t:(\d+):R>", describe(turn))
    assert stamp is not None
    assert int(stamp.group(1)) == int(world.clock.now() + TURN)


def changed(table: Message, before: str, message: Message) -> bool:
    return message is table and describe(message) != before


async def test_a_quiet_player_is_passed_then_replaced_and_the_game_still_finishes(
    world: World,
) -> None:
    table = await world.start_game(2)
    quiet = await world.mover()
    active = next(p for p in world.players[:2] if p is not quiet)
    rng = random.Random(4)
    time_outs = 0
    said: list[str] = []
    started = await world.bots[0].service.current_game(world.channel.id)
    assert started is not None
    for _ in range(3000):
        game = await world.settled(started.id)
        said.append(describe(table))
        if is_game_over(table):
            break
        people = to_ping(game)
        if people == [quiet.id]:
            world.clock.advance(TURN)
            time_outs += 1
            shown = await world.discord.wait_for_message(
                world.channel, functools.partial(changed, table, said[-1])
            )
            assert "time ran out" in describe(shown)
        elif people == [active.id]:
            await world.click(active, table, pick_button(table, rng, 0.4))
        else:
            await world.discord.wait_for_message(
                world.channel, functools.partial(changed, table, said[-1])
            )
    else:
        raise AssertionError("the game did not finish")
    assert game.status.value == "finished"
    assert time_outs == 2
    takeover = [words for words in said if "away for two turns" in words]
    assert takeover, "the table did not say that a bot took the seat"
    assert "computer player (normal) plays their seat" in takeover[0]
    assert f"{quiet.name} (bot)" in describe(table)


async def test_a_deadline_that_passed_while_the_bot_was_down_is_handled_on_start(
    world: World,
) -> None:
    turn = await world.start_game(2)
    # The bot records the new message just after posting it; stop once that is done.
    service = world.bots[0].service
    for _ in range(500):
        game = await service.current_game(world.channel.id)
        if game is not None and game.turn_message_id == turn.id:
            break
        await asyncio.sleep(0.01)
    await world.stop_bots()
    world.clock.advance(TURN + 3600)
    await world.start_bot()
    ended = await world.discord.wait_for_message(
        world.channel, lambda m: m is turn and "time ran out" in describe(m)
    )
    # The same table goes on with the next player's turn.
    assert ended.buttons()


async def test_a_lobby_nobody_starts_closes_itself(world: World) -> None:
    created = await world.command(world.players[0], "claimit new")
    lobby = created.response_message
    assert lobby is not None and "Lobby closes" in describe(lobby)
    world.clock.advance(LOBBY - 1)
    await world.command(world.players[1], "claimit rules")
    assert lobby.buttons()
    world.clock.advance(1)
    await world.discord.wait_for_message(
        world.channel, lambda m: m is lobby and "closed itself" in describe(m)
    )
    assert lobby.buttons() == []
    again = await world.command(world.players[1], "claimit new")
    assert again.response_message is not None and not again.response_message.ephemeral


async def test_a_deleted_game_message_comes_back_at_the_next_deadline(world: World) -> None:
    turn = await world.start_game(2)
    await world.discord.delete_message(turn)
    world.clock.advance(TURN)
    # The table comes back, at the bottom, with the next player's turn.
    ended = await world.discord.wait_for_message(
        world.channel, lambda m: "time ran out" in describe(m) and not m.deleted
    )
    assert ended is not turn and ended.buttons()
    mover = await world.mover()
    await world.click(mover, ended, "Roll")
    reposted = await world.command(world.players[2], "claimit board")
    assert reposted.response_message is not None and reposted.response_message.buttons()


DAY = 86400


async def test_a_turn_may_last_up_to_a_week_and_ends_by_itself_after_it(world: World) -> None:
    ann, bo = world.players[0], world.players[1]
    week = (await world.command(ann, "server settings", turn_timeout=7 * 24 * 60)).response_message
    assert week is not None and "**Turn time** 7 days" in describe(week)
    refused = await world.command(ann, "server settings", turn_timeout=7 * 24 * 60 + 1)
    assert ephemeral_answer(refused) == (
        "turn_timeout is a whole number from 1 to 10080, and '10081' isn't, so nothing changed."
    )
    lobby = (await world.command(ann, "claimit new", turn_timeout=2 * 24 * 60)).response_message
    assert lobby is not None and "2 days" in describe(lobby)
    await world.click(bo, lobby, "Join")
    await world.click(ann, lobby, "Start")
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None and game.deadline == world.clock.now() + 2 * DAY
    before = describe(lobby)
    world.clock.advance(2 * DAY - 60)
    await world.quiet()
    assert describe(lobby) == before, "a day and 23 hours in, the turn still waits"
    world.clock.advance(60)
    shown = await world.discord.wait_for_message(
        world.channel, functools.partial(changed, lobby, before)
    )
    assert "time ran out" in describe(shown)


def reminders(world: World) -> list[Message]:
    return [m for m in world.pings() if "⏰" in describe(m)]


async def test_a_long_turn_reminds_its_player_once_a_quarter_of_it_before_its_end(
    world: World,
) -> None:
    ann, bo = world.players[0], world.players[1]
    lobby = await world.answered(ann, "claimit new", turn_timeout=2 * 24 * 60)
    await world.click(bo, lobby, "Join")
    await world.click(ann, lobby, "Start")
    await world.quiet()
    mover = await world.mover()
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None and game.deadline is not None
    ends = game.deadline

    # Twelve hours before the end (a quarter of two days), not a second sooner.
    world.clock.advance(36 * 3600 - 60)
    await world.quiet()
    assert reminders(world) == []
    await world.stop_bots()
    await world.start_bot()
    world.clock.advance(60)
    reminder = await world.discord.wait_for_message(
        world.channel, lambda m: bool(m.mentions) and "⏰" in describe(m)
    )
    assert reminders(world) == [reminder]
    assert describe(reminder) == (
        f"⏰ <@{mover.id}>, your turn in "
        f"[Claim It! #1](https://discord.com/channels/{world.guild.id}/{world.channel.id}/"
        f"{lobby.id}) ends <t:{int(ends)}:R>."
    )
    assert reminder.mentions == [mover.id]
    assert len(world.pings()) == 1, "the reminder took the turn's ping's place"

    # Once: not again later, nor after a restart.
    world.clock.advance(3600)
    await world.quiet()
    await world.stop_bots()
    await world.start_bot()
    world.clock.advance(3600)
    await world.quiet()
    assert reminders(world) == [reminder]

    # Acting takes it away, as any ping.
    await world.click(mover, lobby, "Roll")
    await world.settled(game.id)
    assert reminders(world) == []


async def test_a_turn_of_an_hour_or_less_has_no_reminder(world: World) -> None:
    await world.start_game(2)
    world.clock.advance(TURN - 30)
    await world.quiet()
    assert reminders(world) == []
