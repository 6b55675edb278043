"""Leaving a lobby or a game, and members who leave the server (or are kicked or
banned), whether the bot hears of it or finds out when they press a control from their
direct messages."""

from __future__ import annotations

import logging
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord_ui.memberships import STILL_THERE_FOR
from emulator import Message, User
from tests.e2e.days import kept, start_two, until_turn_of
from tests.e2e.world import (
    World,
    describe,
    ephemeral_answer,
    moves,
    running_world,
)

TURN = 600
LOOK_UP = "GET /guilds/{guild}/members/{user}"
NO_LONGER_MEMBER = (
    "You're no longer a member of the server this game is played in, so you no longer play in it."
)
NOT_PLAYING = "You're not playing in this game."


async def test_leaving_a_lobby_frees_the_seat_and_hands_the_host_role_on(world: World) -> None:
    ann, bo = world.players[:2]
    lobby = await world.answered(ann, "claimit new")
    await world.click(bo, lobby, "Join")
    assert ephemeral_answer(await world.command(ann, "claimit leave")) == "You left the lobby."
    await world.discord.wait_for_message(
        world.channel, lambda m: m is lobby and "Ann" not in describe(m)
    )
    assert "Bo** (host)" in describe(lobby)
    assert "not playing" in ephemeral_answer(await world.command(ann, "claimit leave"))
    last = ephemeral_answer(await world.command(bo, "claimit leave"))
    assert last == "You left the lobby. It was empty, so it closed."
    await world.discord.wait_until(lambda: "Everyone left" in describe(lobby))
    assert lobby.buttons() == []


async def test_leaving_a_game_seats_a_computer_player_that_plays_on(world: World) -> None:
    turn = await world.start_game(3)
    leaver = await world.mover()
    answer = await world.command(leaver, "claimit leave")
    said = f"{leaver.name} left the game, so a computer player (normal) plays their seat"
    assert said in ephemeral_answer(answer)
    # It was their turn: the computer player takes it from there, and the table says why.
    await world.discord.wait_for_message(
        world.channel, lambda m: m is turn and not moves(m) and said in describe(m)
    )
    final = await world.finish(random.Random(5))
    assert f"{leaver.name} (bot)" in describe(final)
    assert answer.response_message is not None
    left_at = answer.response_message.created_at
    pinged_after = [m for m in world.channel.messages if m.created_at > left_at]
    assert all(leaver.id not in m.mentions for m in pinged_after)


async def test_when_the_last_human_leaves_the_game_closes_unrated(world: World) -> None:
    turn = await world.start_game(2)
    ann, bo = world.players[:2]
    await world.command(ann, "claimit leave")
    closing = await world.command(bo, "claimit leave")
    assert "no human player is left" in ephemeral_answer(closing)
    await world.discord.wait_for_message(
        world.channel,
        lambda m: m is turn and not m.buttons() and "no human player is left" in describe(m),
    )
    assert world.pings() == []
    assert not any(m.buttons() for m in world.channel.visible())
    assert "no Claim It! game" in ephemeral_answer(await world.command(ann, "claimit board"))


@pytest.fixture
async def world_with_member_events(tmp_path: Path, database_target: str) -> AsyncIterator[World]:
    async with running_world(tmp_path, member_events=True, database=database_target) as world:
        yield world


async def test_a_member_who_leaves_the_server_is_replaced_at_once(
    world_with_member_events: World,
) -> None:
    world = world_with_member_events
    turn = await world.start_game(2)
    gone = await world.mover()
    await world.discord.remove_member(world.guild, gone)
    note = await world.discord.wait_for_message(
        world.channel, lambda m: "left the server" in describe(m)
    )
    assert note is turn and "a computer player (normal) plays their seat" in describe(note)
    await world.finish(random.Random(6))


async def test_a_member_who_left_unnoticed_is_replaced_at_their_deadline(world: World) -> None:
    turn = await world.start_game(3)
    gone = await world.mover()
    await world.discord.remove_member(world.guild, gone)
    world.clock.advance(TURN)
    note = await world.discord.wait_for_message(
        world.channel, lambda m: "left the server" in describe(m)
    )
    assert note is turn and gone.name in describe(note)
    # Replaced, not timed out: no turn of theirs ended by the clock, and the computer
    # player that took the seat gets a whole turn rather than what was left of it.
    await world.finish(random.Random(7))
    assert not any("time ran out" in describe(m) for m in world.channel.visible())


async def test_a_member_who_leaves_a_lobby_frees_their_seat(
    world_with_member_events: World,
) -> None:
    world = world_with_member_events
    ann, bo = world.players[:2]
    lobby = await world.answered(ann, "claimit new")
    await world.click(bo, lobby, "Join")
    await world.discord.remove_member(world.guild, bo)
    await world.discord.wait_for_message(
        world.channel, lambda m: m is lobby and "Bo" not in describe(m)
    )
    assert "(1/5)" in describe(lobby)


def look_ups(world: World) -> int:
    """How often the bot has asked Discord whether someone is a member of a server."""
    return sum(1 for request in world.discord.requests if request.route == LOOK_UP)


async def pressed_from_dm(world: World, user: User, message: Message, custom_id: str) -> str:
    """What ``user`` is told for pressing ``custom_id`` on ``message`` in their DMs."""
    pressed = {"custom_id": custom_id, "component_type": 2}
    answered = await world.discord.answer(await world.discord.forge(user, message, pressed))
    await world.quiet()
    return ephemeral_answer(answered)


def tracebacks(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


async def test_a_member_removed_unnoticed_is_found_out_when_they_press_from_their_dms(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    """Without member events, a player kicked from the server could play on from the turn
    notice in their DMs until a deadline passed: the first press there after a while asks
    Discord once, and finding them gone, their seat goes to a computer player; the
    presses in between ask nothing."""
    ann, bo = world.players[:2]
    await world.command(ann, "my settings", notify="dm")
    game = await until_turn_of(world, await start_two(world, ann, bo), ann)
    (notice,) = kept(world, ann)
    stale = f"{game.kind}:turn:{game.id}:{game.version - 1}:roll"
    asked = look_ups(world)
    for _ in range(3):
        assert "moved on" in await pressed_from_dm(world, ann, notice, stale)
    assert look_ups(world) == asked + 1, "one look-up, kept for a while"

    await world.discord.remove_member(world.guild, ann)
    world.advance(STILL_THERE_FOR)
    control = notice.buttons()[0]["custom_id"]
    assert await pressed_from_dm(world, ann, notice, control) == NO_LONGER_MEMBER
    assert look_ups(world) == asked + 2
    # Her seat is a computer player's, which plays on at once.
    taken = await world.settled(game.id)
    assert taken.seat_of(ann.id) is None and taken.seat_left_by(ann.id) is not None
    assert taken.version > game.version
    # From now on she plays no seat: refused as anyone else, with nothing more to ask.
    assert await pressed_from_dm(world, ann, notice, control) == NOT_PLAYING
    assert look_ups(world) == asked + 2
    assert tracebacks(caplog) == []


async def test_a_member_removed_with_an_event_is_refused_from_their_dms_without_a_look_up(
    world_with_member_events: World, caplog: pytest.LogCaptureFixture
) -> None:
    world = world_with_member_events
    ann, bo = world.players[:2]
    await world.command(ann, "my settings", notify="dm")
    game = await until_turn_of(world, await start_two(world, ann, bo), bo)
    asked = look_ups(world)
    await world.discord.remove_member(world.guild, ann)
    note = await world.discord.wait_for_message(
        world.channel, lambda m: "left the server" in describe(m)
    )
    assert "Ann left the server" in describe(note)
    taken = await world.settled(game.id)
    assert taken.seat_of(ann.id) is None and taken.seat_left_by(ann.id) is not None
    listed = await world.command(ann, "my games", where=world.discord.dm_with(ann))
    assert listed.response_message is not None
    for intent in ("roll", "stop"):
        pressed = f"{game.kind}:turn:{game.id}:{taken.version}:{intent}"
        said = await pressed_from_dm(world, ann, listed.response_message, pressed)
        assert said == NOT_PLAYING
    assert look_ups(world) == asked
    assert tracebacks(caplog) == []
