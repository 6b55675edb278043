"""The position of the day across a SIGKILL of the real bot's process as it is posted:
the day is decided, with its post owed, before the post goes out, and the bot is killed
as the post arrives, before Discord makes the message or just after (Discord made it,
and the bot never recorded it). Started again, the bot posts it under the same nonce:
it arrives once, never twice, never lost, and the day is settled. The scene and its
fault are those of the other messages owed (``test_owed_message_kills``)."""

from __future__ import annotations

import random
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.service import GameService, GuildSettingsService
from tests.e2e.test_owed_message_kills import POST, WHEN, scene
from tests.e2e.world import describe
from tests.features.drills.test_drill_reminder_kills import drills_due

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.long(seconds=3)]


@pytest.mark.parametrize("when", WHEN)
async def test_the_position_of_the_day_is_posted_once(tmp_path: Path, when: str) -> None:
    """Ann and Bo finished a game here, which made them drills; Ann named the channel
    and this hour (UTC): the bot, started, posts the day's position, and is killed as it
    goes out; started again, the channel has it once."""
    async with scene(tmp_path) as here:
        async with here.opened() as database:
            await drills_due(GameService(database, dice=random.Random(2)), here)
            await GuildSettingsService(database).change(
                here.channel.guild_id,
                declared={"daily_channel": here.channel.id, "daily_hour": datetime.now(UTC).hour},
            )
        here.kill_at(POST, here.into(here.channel), made=when == "after")
        await here.start()
        await here.killed_and_back()
        await here.all_sent("daily:", 1)
        posted = [
            m
            for m in here.channel.messages
            if not m.ephemeral and "🧩" in describe(m) and not m.deleted
        ]
        assert len(posted) == 1
        with sqlite3.connect(f"file:{here.database}?mode=ro", uri=True) as connection:
            days = connection.execute("SELECT owed, message_id FROM daily_posts").fetchall()
        assert days == [(0, posted[0].id)]
