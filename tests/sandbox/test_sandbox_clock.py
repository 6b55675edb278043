"""The sandbox's clock: Discord's time and the bot's at once, moved on by the page; a move
wakes what sleeps until a time it reaches, and nothing else. And a message sent silently
stays so, as on Discord, whatever edits it."""

from __future__ import annotations

import asyncio

import pytest

from emulator.bot_messages import update_message
from emulator.clock import EmulatorClock
from emulator.components import IS_COMPONENTS_V2
from emulator.model import SUPPRESS_NOTIFICATIONS, Message, User, snowflake
from sandbox.clock import SandboxClock

HOUR = 3600.0


async def test_discords_time_and_the_bots_move_on_together() -> None:
    discord = EmulatorClock()
    clock = SandboxClock(discord)
    clock.advance(HOUR)
    assert clock.ahead == discord.ahead == HOUR
    assert abs(clock.now() - discord.now()) < 1
    with pytest.raises(ValueError):
        clock.advance(-1)


async def test_a_move_wakes_a_sleep_it_reaches_and_no_other() -> None:
    clock = SandboxClock(EmulatorClock())
    soon = asyncio.create_task(clock.sleep_until(clock.now() + HOUR, asyncio.Event()))
    later = asyncio.create_task(clock.sleep_until(clock.now() + 3 * HOUR, asyncio.Event()))
    await asyncio.sleep(0)  # one turn of the loop: both are asleep
    clock.advance(2 * HOUR)
    await asyncio.wait_for(soon, 5)
    assert not later.done()
    clock.advance(HOUR)
    await asyncio.wait_for(later, 5)


async def test_a_sleep_ends_when_woken_and_stops_when_cancelled() -> None:
    clock = SandboxClock(EmulatorClock())
    wake = asyncio.Event()
    woken = asyncio.create_task(clock.sleep_until(clock.now() + HOUR, wake))
    cancelled = asyncio.create_task(clock.sleep_until(clock.now() + HOUR, asyncio.Event()))
    await asyncio.sleep(0)  # one turn of the loop: both are asleep
    wake.set()
    await asyncio.wait_for(woken, 5)
    cancelled.cancel()
    with pytest.raises(asyncio.CancelledError):
        await cancelled
    await asyncio.wait_for(clock.sleep_until(clock.now() - 1, asyncio.Event()), 5)


def test_a_silent_message_stays_silent_and_no_edit_makes_one() -> None:
    bot = User(snowflake(), "Game Bot", bot=True)
    card = [{"type": 10, "content": "Your turn"}]
    silent = Message(snowflake(), 1, bot)
    sent = {"flags": IS_COMPONENTS_V2 | SUPPRESS_NOTIFICATIONS, "components": card}
    update_message(silent, sent, {}, 0.0, new=True)
    assert silent.silent and silent.components_v2
    update_message(silent, {"flags": IS_COMPONENTS_V2, "components": card}, {}, 1.0)
    assert silent.silent
    loud = Message(snowflake(), 1, bot)
    update_message(loud, {"flags": IS_COMPONENTS_V2, "components": card}, {}, 0.0, new=True)
    update_message(loud, sent, {}, 1.0)
    assert not loud.silent
