"""Every change that was committed reaches its message, at least once: after Discord
answered 5xx while it was posted, and after the bot stopped between the two. Nobody
is told "nothing changed" about a change that counted."""

from __future__ import annotations

import random

from bot.service import Actor, GameService
from bot.storage import Database, Game
from emulator import Message, User
from tests.e2e.world import World, describe

NEW_MESSAGE = "POST /channels/{channel}/messages"
TURN = 600


async def game_now(world: World) -> Game:
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None and game.state is not None
    return game


async def something_to_keep(world: World, turn: Message) -> User:
    """The first player rolls and places (a first roll on an empty board never busts),
    so that their turn can be stopped; returns them."""
    mover = await world.mover()
    await world.click(mover, turn, "Roll")
    await world.click(mover, turn, turn.button_labels()[0])
    assert not turn.button("Stop & claim").get("disabled")
    return mover


async def test_a_turn_that_discord_failed_to_post_is_posted_later(world: World) -> None:
    turn = await world.start_game(2)
    mover = await something_to_keep(world, turn)
    failure = world.discord.fail(NEW_MESSAGE, 503)
    stop = await world.click(mover, turn, "Stop & claim")
    await failure.wait()
    assert stop.response_type == 7 and not stop.errors
    told = await world.discord.wait_for_message(
        world.channel, lambda m: m.visible_to == mover.id and "counted" in m.content
    )
    assert "nothing changed" not in told.content
    game = await game_now(world)
    assert game.shown_version is not None and game.shown_version < game.version
    assert not [m for m in world.channel.visible() if m.buttons()]
    # The reconciler tries again a second later, on the bot's clock.
    world.clock.advance(1)
    nxt = await world.discord.wait_for_message(world.channel, lambda m: bool(m.buttons()))
    assert nxt.mentions and nxt.mentions != [mover.id]
    assert f":{game.version}:roll" in nxt.button("Roll")["custom_id"]
    rolled = await world.click(await world.mover(), nxt, "Roll")
    assert rolled.response_type == 7 and "rolled" in describe(nxt)


async def test_a_move_committed_just_before_a_stop_is_shown_after_the_restart(
    world: World,
) -> None:
    turn = await world.start_game(2)
    game = await game_now(world)
    await world.stop_bots()
    # As if the bot had died right after the commit: the move is stored, its message isn't.
    database = await Database.open(world.database)
    try:
        service = GameService(database, dice=random.Random(3))
        assert game.state is not None
        outcome = await service.act(
            game.id, Actor(game.seats[game.state.turn].user_id), None, "roll"
        )
    finally:
        await database.close()
    assert "rolled" not in describe(turn)
    await world.start_bot()
    shown = await world.discord.wait_for_message(
        world.channel, lambda m: m is turn and "rolled" in describe(m)
    )
    version = outcome.game.version
    assert shown.buttons() and all(f":{version}:" in b["custom_id"] for b in shown.buttons())
    await world.bots[0].table.reconciler.idle.wait()
    assert (await game_now(world)).shown


async def test_a_turn_ended_just_before_a_stop_pings_the_next_player_after_the_restart(
    world: World,
) -> None:
    turn = await world.start_game(2)
    mover = await something_to_keep(world, turn)
    game = await game_now(world)
    await world.stop_bots()
    database = await Database.open(world.database)
    try:
        stopped = await GameService(database).act(game.id, Actor(mover.id), game.version, "stop")
    finally:
        await database.close()
    await world.start_bot()
    nxt = await world.discord.wait_for_message(
        world.channel, lambda m: bool(m.mentions) and m.mentions != [mover.id] and bool(m.buttons())
    )
    assert f":{stopped.game.version}:roll" in nxt.button("Roll")["custom_id"]
    await world.discord.wait_until(lambda: not turn.buttons())
    assert "stopped" in describe(turn)


async def test_a_turn_nobody_was_shown_gets_its_whole_time_once_it_is(world: World) -> None:
    turn = await world.start_game(2)
    mover = await something_to_keep(world, turn)
    # The post fails, and so does the reconciler's first try.
    failure = world.discord.fail(NEW_MESSAGE, 503, times=2)
    await world.click(mover, turn, "Stop & claim")
    await world.discord.wait_for_message(
        world.channel, lambda m: m.visible_to == mover.id and "counted" in m.content
    )
    # The unshown turn's deadline passes: nobody was asked to move, so it doesn't count.
    world.clock.advance(TURN)
    await failure.wait()
    assert not any("time ran out" in describe(m) for m in world.channel.visible())
    world.clock.advance(2)
    nxt = await world.discord.wait_for_message(world.channel, lambda m: bool(m.buttons()))
    await world.bots[0].table.reconciler.idle.wait()
    game = await game_now(world)
    assert game.deadline == world.clock.now() + TURN
    assert nxt.mentions != [mover.id]
    assert not any("time ran out" in describe(m) for m in world.channel.visible())


async def behind_unbeknown(world: World) -> tuple[Message, int]:
    """A move committed by another hand while the bot runs, which nobody told it about (as
    when a commit's answer was lost and the player was told otherwise): returns the turn
    message and the version it should show."""
    turn = await world.start_game(2)
    game = await game_now(world)
    assert game.state is not None
    database = await Database.open(world.database)
    try:
        service = GameService(database, dice=random.Random(3), clock=world.clock.now)
        mover = Actor(game.seats[game.state.turn].user_id)
        outcome = await service.act(game.id, mover, game.version, "roll")
    finally:
        await database.close()
    return turn, outcome.game.version


async def test_a_game_behind_unbeknown_is_caught_up_at_its_deadline_which_then_runs(
    world: World,
) -> None:
    turn, version = await behind_unbeknown(world)
    world.clock.advance(TURN)
    shown = await world.discord.wait_for_message(
        world.channel, lambda m: m is turn and "rolled" in describe(m)
    )
    assert all(f":{version}:" in b["custom_id"] for b in shown.buttons())
    await world.bots[0].table.reconciler.idle.wait()
    assert (await game_now(world)).shown
    # Its deadline had passed unseen; once shown, it counts.
    await world.discord.wait_for_message(world.channel, lambda m: "time ran out" in describe(m))


async def test_a_game_behind_unbeknown_is_caught_up_within_a_minute(world: World) -> None:
    turn, _ = await behind_unbeknown(world)
    world.clock.advance(61)
    await world.discord.wait_for_message(
        world.channel, lambda m: m is turn and "rolled" in describe(m)
    )
    await world.bots[0].table.reconciler.idle.wait()
    assert (await game_now(world)).shown
