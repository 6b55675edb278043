"""A permission taken from the bot mid-game pauses the game's clock while its table can't
be shown (nobody is timed out for a turn they were never shown), and once it is back the
game catches up within seconds, at the permission's event rather than the reconciler's
backoff; each refusal is one log line."""

from __future__ import annotations

import logging

import discord
import pytest

from bot.storage import GameStatus
from emulator import DEFAULT_BOT_PERMISSIONS
from tests.e2e.world import World, describe

TURN = 600


def no_tracebacks(caplog: pytest.LogCaptureFixture) -> None:
    assert not [r for r in caplog.records if r.exc_info and r.levelno >= logging.WARNING]


@pytest.mark.parametrize("command", ["claimit", "nuggets", "claim"])
@pytest.mark.parametrize("missing", ["attach_files", "send_messages"])
async def test_a_permission_taken_mid_game_pauses_it_and_it_catches_up_when_back(
    world: World, caplog: pytest.LogCaptureFixture, missing: str, command: str
) -> None:
    table = await world.start_game(2, command)
    game = await world.bots[0].service.current_game(world.channel.id)
    assert game is not None
    quiet = await world.mover()
    without = DEFAULT_BOT_PERMISSIONS & ~discord.Permissions(**{missing: True})
    await world.discord.set_bot_permissions(world.channel, without)
    # The quiet player's turn runs out; the bot can't show it.
    world.clock.advance(TURN)
    await world.bots[0].deadlines.handle_due()
    game = await world.settled(game.id)
    assert _refused(world)
    assert game.version > 1 and not game.shown
    assert "time ran out" not in describe(table)
    # Unshown, the next turn is not held against anyone, however long it lasts.
    timed_out = game.version
    world.clock.advance(3 * TURN)
    await world.bots[0].deadlines.handle_due()
    game = await world.settled(game.id)
    assert game.version == timed_out and game.status is GameStatus.ACTIVE
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
