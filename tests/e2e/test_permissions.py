"""A permission taken from the bot mid-game pauses the game's clock while its table can't
be shown (nobody is timed out for a turn they were never shown), its players are told
once, where the bot can still speak, what is missing, and once it is back the game
catches up within seconds, at the permission's event rather than the reconciler's
backoff; each refusal is one log line."""

from __future__ import annotations

import asyncio
import logging
import random

import discord
import pytest

from bot.discord_ui.core.turns.handlers import Turns
from bot.storage import GameStatus
from emulator import DEFAULT_BOT_PERMISSIONS, Channel, Message
from tests.e2e.test_places_gone import WAIT, in_a_thread, move
from tests.e2e.world import THREAD_PERMISSIONS, World, describe, pick_button

TURN = 600
PING_DELAY = 30
"""The server's default wait, in seconds, before someone playing along is pinged."""


def no_tracebacks(caplog: pytest.LogCaptureFixture) -> None:
    assert not [r for r in caplog.records if r.exc_info and r.levelno >= logging.WARNING]


@pytest.mark.parametrize("command", ["claimit", "nuggets", "claim"])
@pytest.mark.parametrize("missing", ["attach_files", "send_messages"])
async def test_a_permission_taken_mid_game_pauses_it_and_it_catches_up_when_back(
    world: World, caplog: pytest.LogCaptureFixture, missing: str, command: str
) -> None:
    table = await world.start_game(2, command)
    game = await world.game_here()
    quiet = await world.mover()
    without = DEFAULT_BOT_PERMISSIONS & ~discord.Permissions(**{missing: True})
    await world.discord.set_bot_permissions(world.channel, without)
    # The quiet player's turn runs out; the bot can't show it.
    world.clock.advance(TURN)
    await world.bots[0].parts.get(Turns).deadlines.handle_due()
    game = await world.settled(game.id)
    assert _refused(world)
    assert game.version > 1 and not game.shown
    assert "time ran out" not in describe(table)
    # Where text still goes out, the players read why the game waits; without Send
    # Messages, nothing can be said in the channel.
    told = notices(world.channel)
    if missing == "attach_files":
        (notice,) = told
        assert "Attach Files" in notice.content
        assert set(notice.mentions) == {p.id for p in world.players[:2]}
    else:
        assert told == []
    # Unshown, the next turn is not held against anyone, however long it lasts; and the
    # players are not told twice.
    timed_out = game.version
    world.clock.advance(3 * TURN)
    await world.bots[0].parts.get(Turns).deadlines.handle_due()
    world.bots[0].table.reconciler.retry_all_now()
    game = await world.settled(game.id)
    assert game.version == timed_out and game.status is GameStatus.ACTIVE
    assert notices(world.channel) == told
    assert all(seat.user_id is None or not seat.is_bot for seat in game.seats)
    # Back: the game catches up at once, without the bot's clock moving.
    await world.discord.set_bot_permissions(world.channel, DEFAULT_BOT_PERMISSIONS)
    await world.discord.wait_until(
        lambda: any("time ran out" in describe(m) for m in world.channel.visible())
    )
    game = await world.settled(game.id)
    assert game.shown
    assert quiet.name in describe(world.table())
    no_tracebacks(caplog)


def _refused(world: World) -> bool:
    return any(r.status == 403 for r in world.discord.requests)


@pytest.mark.parametrize("command", ["claimit", "claim"])
async def test_a_game_in_a_thread_the_bot_may_no_longer_post_in_says_so_in_its_channel(
    threaded: World, caplog: pytest.LogCaptureFixture, command: str
) -> None:
    world = threaded
    game, thread = await in_a_thread(world, command)
    quiet = await world.mover(thread)
    without = THREAD_PERMISSIONS & ~discord.Permissions(send_messages_in_threads=True)
    await world.discord.set_bot_permissions(world.channel, without)
    world.clock.advance(TURN)
    await world.bots[0].parts.get(Turns).deadlines.handle_due()
    await world.discord.wait_until(lambda: bool(notices(world.channel)), timeout=WAIT)
    (notice,) = notices(world.channel)
    assert "Send Messages in Threads" in notice.content and f"<#{thread.id}>" in notice.content
    assert set(notice.mentions) == {p.id for p in world.players[:2]}
    assert notices(thread) == []
    world.bots[0].table.reconciler.retry_all_now()
    await world.settled(game.id)
    assert notices(world.channel) == [notice]
    await world.discord.set_bot_permissions(world.channel, THREAD_PERMISSIONS)
    await world.discord.wait_until(
        lambda: any("time ran out" in describe(m) for m in thread.visible()), timeout=WAIT
    )
    assert quiet.name in describe(world.table(thread))
    no_tracebacks(caplog)


async def test_a_move_the_table_cannot_follow_tells_its_player_which_permission_is_missing(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    game = await world.new_game(2, "claim")
    without = DEFAULT_BOT_PERMISSIONS & ~discord.Permissions(send_messages=True)
    await world.discord.set_bot_permissions(world.channel, without)
    # Played from the hand, whose answer is the hand itself: the table can't follow.
    await move(world, game.id, world.channel)
    answer = await world.discord.wait_for_message(
        world.channel,
        lambda m: m.ephemeral and "That counted" in m.content,
        timeout=WAIT,
    )
    assert "missing the Send Messages permission" in answer.content
    assert "Nobody's time runs" in answer.content
    no_tracebacks(caplog)


async def test_send_messages_lost_mid_game_is_one_log_line_a_refusal_and_play_goes_on(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    """A click's answer still edits the table, but the turn's pings can't go out: each
    refusal is one log line, never a traceback, nothing is tried in a loop, and the game
    goes on, every move committed and its clicker answered."""
    caplog.set_level(logging.INFO)
    table = await world.start_game(2, "claimit")
    game = await world.game_here()
    without = DEFAULT_BOT_PERMISSIONS & ~discord.Permissions(send_messages=True)
    await world.discord.set_bot_permissions(world.channel, without)
    asked = len(world.discord.requests)
    rng = random.Random(3)
    turns = 0
    while turns < 3:
        before = await world.settled(game.id)
        mover = await world.mover()
        clicked = await world.click(mover, table, pick_button(table, rng, stop_chance=1.0))
        assert clicked.response_type == 7 and not clicked.errors
        after = await world.settled(game.id)
        assert after.version > before.version
        turns += (await world.mover()) != mover
    # Whoever plays along is pinged once the server's ping delay is over: refused too.
    world.clock.advance(PING_DELAY)
    await logged(caplog, "held ping")

    def refused() -> list[int]:
        return [r.status for r in list(world.discord.requests)[asked:] if r.status >= 400]

    # Bo's first turn's ping, then the held one: a line each, and nothing tried in a loop.
    assert refused() == [403, 403]
    world.clock.advance(3 * PING_DELAY)
    await world.settled(game.id)
    assert refused() == [403, 403]
    lines = [r for r in caplog.records if "Missing Permissions" in r.getMessage()]
    assert len(lines) == 2
    assert [r.getMessage() for r in caplog.records if r.exc_info] == []


async def test_a_restart_without_send_messages_resumes_its_games_in_one_line_each(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    """A held ping does not outlive a stop: at the start, whoever is to act is pinged,
    which Discord refuses; one line, and the game goes on from its table."""
    caplog.set_level(logging.INFO)
    table = await world.start_game(2, "claimit")
    game = await world.game_here()
    rng = random.Random(3)
    mover = await world.mover()
    # Bo's first turn is pinged, then Ann is playing along: her ping waits.
    while await world.mover() == mover:
        await world.click(mover, table, pick_button(table, rng, stop_chance=1.0))
        await world.settled(game.id)
    await world.click(await world.mover(), table, pick_button(table, rng, stop_chance=1.0))
    await world.stop_bots()
    without = DEFAULT_BOT_PERMISSIONS & ~discord.Permissions(send_messages=True)
    await world.discord.set_bot_permissions(world.channel, without)
    world.clock.advance(2 * PING_DELAY + 60)
    asked = len(world.discord.requests)
    await world.start_bot()
    await logged(caplog, "could not resume game")
    refused = [r.status for r in list(world.discord.requests)[asked:] if r.status >= 400]
    assert refused == [403]
    lines = [r for r in caplog.records if "Missing Permissions" in r.getMessage()]
    assert len(lines) == 1
    mover = await world.mover()
    clicked = await world.click(mover, table, pick_button(table, rng, stop_chance=1.0))
    assert clicked.response_type == 7 and not clicked.errors
    assert (await world.settled(game.id)).version > game.version
    assert [r.getMessage() for r in caplog.records if r.exc_info] == []


async def logged(caplog: pytest.LogCaptureFixture, words: str) -> None:
    """Until the bot has logged a line with ``words`` (what it does apart from any game's
    show, which ``settled`` can't wait for)."""
    async with asyncio.timeout(WAIT):
        while not any(words in r.getMessage() for r in caplog.records):
            await asyncio.sleep(0)


def notices(where: Channel) -> list[Message]:
    """The bot's words on why a game waits."""
    return [m for m in where.visible() if m.content.startswith("⏸️")]
