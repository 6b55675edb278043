"""A command whose work waits (a player's stats, on a loaded machine) is acknowledged within
Discord's time, then answered, through the real bot."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.discord_ui import interaction_answers
from bot.features.ladder.discord.handlers import Ladder
from tests.e2e.world import (
    RESPONSE_DEADLINE,
    World,
    describe,
)

pytestmark = pytest.mark.e2e


async def test_a_command_waiting_on_the_database_is_acknowledged_in_time_then_answered(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever its work waits on (the database, here, for a player's record on a loaded
    machine), a command is acknowledged within Discord's time, then answered in place of
    its "thinking…"."""
    ladder = world.bots[0].parts.get(Ladder).ladder
    released = asyncio.Event()
    stats = ladder.stats

    async def slow(*args: Any) -> Any:
        await released.wait()
        return await stats(*args)

    monkeypatch.setattr(ladder, "stats", slow)
    monkeypatch.setattr(interaction_answers, "DEFER_AFTER", 0.0)
    asked = await world.discord.slash(world.players[0], world.channel, "claimit stats")
    await world.discord.wait_until(lambda: asked.response_type is not None, RESPONSE_DEADLINE)
    assert asked.response_type == 5
    released.set()
    answer = await world.discord.wait_for_message(
        world.channel,
        lambda m: m is asked.response_message and not m.loading,
        RESPONSE_DEADLINE,
    )
    assert answer.ephemeral and "Claim It!" in describe(answer)
