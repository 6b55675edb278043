"""Every change that was committed reaches its message, at least once: after Discord
answered 5xx while it was posted, and after the bot stopped between the two. Nobody
is told "nothing changed" about a change that counted."""

from __future__ import annotations

import random

from bot.service import Actor, GameService
from bot.storage import Game
from bot.storage.opening import open_database
from emulator import Message, User
from tests.e2e.world import World, describe, moves

NEW_MESSAGE = "POST /channels/{channel}/messages"
TURN = 600


async def game_now(world: World) -> Game:
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None and game.state is not None
    return game


async def something_to_keep(world: World, table: Message) -> User:
    """The first player rolls and places (a first roll on an empty board never busts),
    so that their turn can be stopped; returns them."""
    mover = await world.human_to_move()
    assert mover is not None
    await world.click(mover, table, "Roll")
    await world.click(mover, table, table.button_labels()[0])
    assert not table.button("Stop & claim").get("disabled")
    return mover


def buttons_of(message: Message) -> list[str]:
    return [str(b["custom_id"]) for b in message.buttons()]


async def test_a_table_that_discord_failed_to_post_at_the_bottom_is_posted_later(
    world: World,
) -> None:
    table = await world.start_game(2)
    mover = await something_to_keep(world, table)
    other = next(u for u in world.players[:2] if u is not mover)
    # The channel moves on, so the next change posts the table anew at the bottom.
    await world.discord.say(other, world.channel, "back in a minute")
    stale = buttons_of(table)
    failure = world.discord.fail(NEW_MESSAGE, 503)
    stop = await world.click(mover, table, "Stop & claim")
    await failure.wait()
    assert not stop.errors
    told = await world.discord.wait_for_message(
        world.channel, lambda m: m.visible_to == mover.id and "counted" in m.content
    )
    assert "nothing changed" not in told.content
    game = await game_now(world)
    assert game.shown_version is not None and game.shown_version < game.version
    # The old table stays up until the new one is out: the game is never without one.
    assert not table.deleted and buttons_of(table) == stale
    # The reconciler tries again a second later, on the bot's clock.
    world.clock.advance(1)
    nxt = await world.discord.wait_for_message(
        world.channel, lambda m: m is not table and bool(m.buttons())
    )
    assert all(f":{game.version}:" in str(b["custom_id"]) for b in moves(nxt))
    await world.discord.wait_until(lambda: table.deleted)
    await world.bots[0].table.reconciler.idle.wait()
    await world.settled(game.id)
    assert [m for m in world.channel.visible() if m.buttons()] == [nxt]
    assert world.channel.visible()[-2:] == [nxt, *world.pings()]
    (ping,) = world.pings()
    assert ping.mentions == [other.id]
    rolled = await world.click(other, nxt, "Roll")
    assert rolled.response_type == 7 and "rolled" in describe(nxt)


async def test_a_ping_that_discord_failed_to_post_is_posted_later(world: World) -> None:
    table = await world.start_game(2)
    mover = await something_to_keep(world, table)
    other = next(u for u in world.players[:2] if u is not mover)
    failure = world.discord.fail(NEW_MESSAGE, 503)
    stop = await world.click(mover, table, "Stop & claim")
    await failure.wait()
    # The table shows the move at once: the click's answer is its edit.
    assert stop.response_type == 7 and not stop.errors
    assert f"**{other.name}**: roll the dice" in describe(table)
    game = await world.settled((await game_now(world)).id)
    assert world.pings() == [] and not game.shown
    # The reconciler tries again a second later, on the bot's clock.
    world.clock.advance(1)
    ping = await world.discord.wait_for_message(world.channel, lambda m: m.mentions == [other.id])
    await world.bots[0].table.reconciler.idle.wait()
    game = await world.settled(game.id)
    assert game.shown and world.pings() == [ping]
    assert [m for m in world.channel.visible() if m.buttons()] == [table]
    # The mover saw the table take their move: nothing may tell them it didn't.
    said = [m.content for m in world.channel.messages if m.visible_to == mover.id]
    assert not any("nothing changed" in words for words in said), said
    assert not any("couldn't update the game message" in words for words in said), said


async def test_a_move_committed_just_before_a_stop_is_shown_after_the_restart(
    world: World,
) -> None:
    table = await world.start_game(2)
    game = await game_now(world)
    await world.stop_bots()
    # As if the bot had died right after the commit: the move is stored, its message isn't.
    database = await open_database(world.database)
    try:
        service = GameService(database, dice=random.Random(3))
        assert game.state is not None
        outcome = await service.turns.act(
            game.id, Actor(game.seats[game.state.turn].user_id), None, "roll"
        )
    finally:
        await database.close()
    assert "rolled" not in describe(table)
    await world.start_bot()
    shown = await world.discord.wait_for_message(
        world.channel, lambda m: m is table and "rolled" in describe(m)
    )
    version = outcome.game.version
    assert moves(shown) and all(f":{version}:" in b["custom_id"] for b in moves(shown))
    await world.bots[0].table.reconciler.idle.wait()
    assert (await game_now(world)).shown


async def test_a_turn_ended_just_before_a_stop_pings_the_next_player_after_the_restart(
    world: World,
) -> None:
    table = await world.start_game(2)
    mover = await something_to_keep(world, table)
    game = await game_now(world)
    await world.stop_bots()
    database = await open_database(world.database)
    try:
        stopped = await GameService(database).turns.act(
            game.id, Actor(mover.id), game.version, "stop"
        )
    finally:
        await database.close()
    await world.start_bot()
    other = next(u for u in world.players[:2] if u is not mover)
    await world.discord.wait_for_message(world.channel, lambda m: m.mentions == [other.id])
    await world.bots[0].table.reconciler.idle.wait()
    await world.settled(game.id)
    # The one table shows the stop and offers the next turn; its ping is the only one.
    table = world.latest_with_buttons()
    assert [m for m in world.channel.visible() if m.buttons()] == [table]
    assert f":{stopped.game.version}:roll" in table.button("Roll")["custom_id"]
    assert "stopped" in describe(table)
    assert [p.mentions for p in world.pings()] == [[other.id]]


async def test_a_turn_nobody_was_shown_gets_its_whole_time_once_it_is(world: World) -> None:
    table = await world.start_game(2)
    mover = await something_to_keep(world, table)
    other = next(u for u in world.players[:2] if u is not mover)
    await world.discord.say(other, world.channel, "back in a minute")
    # The table's post at the bottom fails, and so does the reconciler's first try.
    failure = world.discord.fail(NEW_MESSAGE, 503, times=2)
    await world.click(mover, table, "Stop & claim")
    await world.discord.wait_for_message(
        world.channel, lambda m: m.visible_to == mover.id and "counted" in m.content
    )
    # The unshown turn's deadline passes: nobody was asked to move, so it doesn't count.
    world.clock.advance(TURN)
    await failure.wait()
    assert not any("time ran out" in describe(m) for m in world.channel.visible())
    world.clock.advance(2)
    nxt = await world.discord.wait_for_message(
        world.channel, lambda m: m is not table and bool(m.buttons())
    )
    await world.bots[0].table.reconciler.idle.wait()
    game = await world.settled((await game_now(world)).id)
    assert game.deadline == world.clock.now() + TURN
    assert f"**{other.name}**: roll the dice" in describe(nxt)
    assert not any("time ran out" in describe(m) for m in world.channel.visible())


async def behind_unbeknown(world: World) -> tuple[Message, int]:
    """A move committed by another hand while the bot runs, which nobody told it about (as
    when a commit's answer was lost and the player was told otherwise): returns the table
    message and the version it should show."""
    table = await world.start_game(2)
    game = await game_now(world)
    assert game.state is not None
    database = await open_database(world.database)
    try:
        service = GameService(database, dice=random.Random(3), clock=world.clock.now)
        mover = Actor(game.seats[game.state.turn].user_id)
        outcome = await service.turns.act(game.id, mover, game.version, "roll")
    finally:
        await database.close()
    return table, outcome.game.version


async def test_a_game_behind_unbeknown_is_caught_up_at_its_deadline_which_then_runs(
    world: World,
) -> None:
    table, version = await behind_unbeknown(world)
    world.clock.advance(TURN)
    shown = await world.discord.wait_for_message(
        world.channel, lambda m: m is table and "rolled" in describe(m)
    )
    assert all(f":{version}:" in b["custom_id"] for b in moves(shown))
    await world.bots[0].table.reconciler.idle.wait()
    assert (await game_now(world)).shown
    # Its deadline had passed unseen; once shown, it counts.
    await world.discord.wait_for_message(world.channel, lambda m: "time ran out" in describe(m))


async def test_a_game_behind_unbeknown_is_caught_up_within_a_minute(world: World) -> None:
    table, _ = await behind_unbeknown(world)
    world.clock.advance(61)
    await world.discord.wait_for_message(
        world.channel, lambda m: m is table and "rolled" in describe(m)
    )
    await world.bots[0].table.reconciler.idle.wait()
    assert (await game_now(world)).shown
