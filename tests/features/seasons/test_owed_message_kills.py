"""A season's end is announced once, a kill of the bot at its post or not
(``tests/e2e/test_owed_message_kills.py`` makes the kill)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.features.seasons.service import SEASON_MIN_GAMES
from bot.service import GameService, GuildSettingsService
from tests.clock import ManualClock
from tests.e2e.test_owed_message_kills import POST, WHEN, finished_at, scene
from tests.e2e.world import describe

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.long(seconds=3)]


@pytest.mark.parametrize("when", WHEN)
async def test_a_seasons_end_is_announced_once(tmp_path: Path, when: str) -> None:
    """A season that ended two days ago, in which Ann and Bo played enough rated games:
    the bot, started, announces its end, and is killed as the podium goes out; started
    again, it is announced once."""
    async with scene(tmp_path) as here:
        today = datetime.now(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
        start, end = today - timedelta(days=20), today - timedelta(days=2)
        clock = ManualClock((start + timedelta(days=5)).timestamp())
        async with here.opened() as database:
            dates = f"{start.date().isoformat()}, {end.date().isoformat()}"
            await GuildSettingsService(database).change(
                here.channel.guild_id, declared={"seasons": "dates", "season_dates": dates}
            )
            service = GameService(database, clock=clock.now)
            for _ in range(SEASON_MIN_GAMES):
                await finished_at(service, here, shown=True)
        here.kill_at(POST, here.into(here.channel), made=when == "after")
        await here.start()
        await here.killed_and_back()
        await here.all_sent("season-end:", 1)
        assert len([m for m in here.channel.messages if "🏁" in describe(m)]) == 1
