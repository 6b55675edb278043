"""A table older than an hour, whose edits Discord refuses (30046, "Maximum number of
edits to messages older than 1 hour reached"), is posted anew at the bottom: the game
goes on, at the players' pace, with one live table. Discord's worst case is taken: every
edit of an old message refused for as long as the test runs. A table whose edits keep
failing otherwise (a 5xx) is likewise posted anew once the first few tries failed."""

from __future__ import annotations

import functools
import logging
import random
from collections.abc import Awaitable, Callable
from dataclasses import replace

import pytest

from bot.discord_ui.core.turns.handlers import Turns
from bot.storage import GameStatus
from emulator import Message, User
from tests.e2e import test_nuggets as nuggets
from tests.e2e.test_claim import open_hand, play_out, start
from tests.e2e.world import World, describe, pick_button, title_of

Turn = Callable[[World, User, Message, random.Random], Awaitable[None]]
"""A person's click on the table when it is their turn."""
HOURS = 2 * 3600.0
REFUSED_FOR = 0.01
"""The ``retry_after`` of each refusal: discord.py waits it out five times before it
gives the edit up, and the test need not wait Discord's seconds for that."""
TURN = 600
"""Seconds a turn lasts by default."""
EACH_TRIED_ONCE = 2 * 5
"""The table and the turn's ping, each edited once (discord.py's five attempts at a 429)
and then posted anew."""


def tables_old_and_refused(world: World) -> None:
    """Every message up to now becomes two hours old on Discord's clock, and Discord
    refuses every edit of an old message."""
    emulator = world.discord
    assert emulator.rate_limits is not None
    emulator.rate_limits = replace(emulator.rate_limits, old_edit_refusal=REFUSED_FOR)
    emulator.clock.advance(HOURS)


def tables(world: World) -> list[Message]:
    """The game's messages in the channel: its table, or once over its result."""
    return [
        m for m in world.channel.visible() if m.author.id == world.discord.bot.id and title_of(m)
    ]


def refused_edits(world: World) -> int:
    return sum(
        1
        for r in world.discord.requests
        if r.status == 429 and r.route == "PATCH /channels/{channel}/messages/{message}"
    )


def computer_moved(world: World, game_id: int, before: str) -> bool:
    return world.busy(game_id) or [describe(m) for m in tables(world)] != [before]


def no_tracebacks(caplog: pytest.LogCaptureFixture) -> None:
    assert not [r for r in caplog.records if r.exc_info and r.levelno >= logging.WARNING]


async def claimit_turn(world: World, human: User, table: Message, rng: random.Random) -> None:
    await world.click(human, table, pick_button(table, rng, stop_chance=0.5))


async def nuggets_turn(world: World, human: User, table: Message, rng: random.Random) -> None:
    await world.discord.answer(await nuggets.send(world, human, table, nuggets.choose(table, rng)))
    await world.quiet()


@pytest.mark.parametrize(
    ("command", "turn"), [("claimit", claimit_turn), ("nuggets", nuggets_turn)]
)
async def test_a_game_against_a_computer_player_goes_on_past_an_old_table(
    world: World, caplog: pytest.LogCaptureFixture, command: str, turn: Turn
) -> None:
    human = world.players[0]
    lobby = await world.answered(human, f"{command} new", bots=1, bot_level="easy")
    await world.click(human, lobby, "Start")
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None
    tables_old_and_refused(world)
    rng = random.Random(5)
    for _ in range(500):
        game = await world.settled(game.id)
        if game.status is not GameStatus.ACTIVE:
            break
        # Read before whose turn it is: a computer player that moves in between changes it.
        (before,) = tables(world)
        if await world.human_to_move() == human:
            # Nothing but the person moves the game now: settled, its table shows their turn.
            await world.settled(game.id)
            (table,) = tables(world)
            await turn(world, human, table, rng)
        else:
            await world.discord.wait_until(
                functools.partial(computer_moved, world, game.id, describe(before))
            )
    assert game.status is GameStatus.FINISHED
    # The computer player's steps reached a table: the old one was moved, not edited on.
    (result,) = tables(world)
    assert lobby.deleted and result.button_labels() == ["Replay", "What decided it", "Rematch"]
    assert refused_edits(world) <= EACH_TRIED_ONCE, "the old messages were tried once, then left"
    no_tracebacks(caplog)


async def test_claim_goes_on_past_an_old_table(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    game, table = await start(world, 2)
    tables_old_and_refused(world)
    game = await play_out(world, game.id, random.Random(6))
    assert game.status is GameStatus.FINISHED
    (result,) = tables(world)
    assert table.deleted and result.button_labels() == ["Replay", "What decided it", "Rematch"]
    assert refused_edits(world) <= EACH_TRIED_ONCE
    no_tracebacks(caplog)


@pytest.mark.parametrize("command", ["claimit", "nuggets", "claim"])
async def test_a_table_whose_edits_keep_failing_is_posted_anew(
    world: World, caplog: pytest.LogCaptureFixture, command: str
) -> None:
    table = await world.start_game(2, command)
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None
    # Discord answers every edit of this one table 503, for as long as the test runs.
    failing = world.discord.fail(
        "PATCH /channels/{channel}/messages/{message}",
        503,
        times=10**6,
        when=lambda request: request.match_info["message"] == str(table.id),
    )
    quiet = await world.mover()
    world.clock.advance(TURN)
    await world.bots[0].parts.get(Turns).deadlines.handle_due()
    assert not (await world.settled(game.id)).shown and failing.hits >= 1
    # The reconciler gives the edit its first few tries, then posts the table anew.
    for _ in range(30):
        if table.deleted:
            break
        world.clock.advance(1)
        await world.settled(game.id)
    assert table.deleted and 1 < failing.hits < 10
    game = await world.settled(game.id)
    (anew,) = tables(world)
    assert game.shown and game.turn_message_id == anew.id
    assert "time ran out" in describe(anew) and quiet.name in describe(anew)
    no_tracebacks(caplog)


async def test_claim_hands_whose_edits_discord_refuses_stop_following_and_the_game_goes_on(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    """A hand is edited through its click's token, which lasts 15 minutes: one older than
    Discord's threshold for 30046 is taken here by making that threshold a minute."""
    caplog.set_level(logging.INFO)
    game, _ = await start(world, 2)
    for seat in game.seats:
        assert seat.user_id is not None
        await open_hand(world, world.user(seat.user_id))
    emulator = world.discord
    assert emulator.rate_limits is not None
    emulator.rate_limits = replace(
        emulator.rate_limits, old_message_age=60.0, old_edit_refusal=REFUSED_FOR
    )
    emulator.clock.advance(120)
    game = await play_out(world, game.id, random.Random(7))
    assert game.status is GameStatus.FINISHED
    dropped = [r for r in caplog.records if "stops following (30046)" in r.getMessage()]
    assert len(dropped) == 2, "each old hand tried once, then left"
    no_tracebacks(caplog)
