"""The drills' reminder across a SIGKILL of the real bot's process as it is posted: it is
recorded owed before it goes out, and the bot is killed as the post arrives, before
Discord makes the message or just after (Discord made it, and the bot never recorded it).
Started again, the bot posts it under the same nonce: it arrives once, never twice, never
lost. The scene and its fault are those of the other messages owed
(``test_owed_message_kills``)."""

from __future__ import annotations

import random
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.features.drills.service import DrillService
from bot.service import GameService, Player
from tests.bot.fixtures import play_to_the_end, started_by
from tests.e2e.test_owed_message_kills import POST, WHEN, Scene, dms, scene

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.long(seconds=3)]


async def drills_due(service: GameService, here: Scene) -> int:
    """A game of Ann's and Bo's played to its end (shown), its drills made (both
    players'): how many of Ann's are due."""
    ann, bo = (Player(here.people[n].id, n) for n in ("Ann", "Bo"))
    game = await started_by(
        service, [ann, bo], guild_id=here.channel.guild_id, channel_id=here.channel.id
    )
    over = await play_to_the_end(service, game, random.Random(1))
    await service.messages.mark_shown(over.id, over.version)
    drills = service.part(DrillService)
    for player in (ann, bo):
        await drills.due(player.user_id)
    return await drills.due_count(ann.user_id)


@pytest.mark.parametrize("when", WHEN)
async def test_a_drills_reminder_reaches_its_player_once(tmp_path: Path, when: str) -> None:
    """Ann turned the reminder on, her summary's hour is this one (UTC, her zone until she
    tells it) and drills of hers are due: the bot, started, reminds her, and is killed as
    the reminder goes out; started again, she has it once."""
    async with scene(tmp_path) as here:
        async with here.opened() as database:
            # Seeded dice as well as choices: graded in chance to win, a random game of
            # Claim It! may hold one mistake of Ann's or none, and she is to have several.
            service = GameService(database, dice=random.Random(2))
            await service.players.choose(
                here.people["Ann"].id,
                "en-US",
                summary_hour=datetime.now(UTC).hour,
                declared={"drill_reminders": "on"},
            )
            due = await drills_due(service, here)
        assert due > 1
        here.kill_at(POST, here.into(here.direct("Ann")), made=when == "after")
        await here.start()
        await here.killed_and_back()
        await here.bot.logged("posting again what a stopped process left unrecorded")
        await here.all_sent("drills:", 1)
        assert len(dms(here, "Ann", f"🎯 {due} drills are due")) == 1
        assert dms(here, "Bo", "drills are due") == [], "Bo never turned it on"
        with sqlite3.connect(f"file:{here.database}?mode=ro", uri=True) as connection:
            owed = connection.execute("SELECT owed FROM drill_reminders")
            assert owed.fetchall() == [(0,)]
