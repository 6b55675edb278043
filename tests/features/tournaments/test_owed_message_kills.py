"""A tournament's next round is told once when the bot is killed telling it
(``tests/e2e/test_owed_message_kills.py`` makes the kill)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.features.tournaments.service import TournamentService
from bot.service import GameService, Player
from tests.bot.fixtures import new_tournament
from tests.clock import ManualClock
from tests.e2e.test_owed_message_kills import POST, WHEN, scene
from tests.e2e.world import describe

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.long(seconds=3)]


@pytest.mark.parametrize("when", WHEN)
async def test_a_tournaments_round_is_told_once(tmp_path: Path, when: str) -> None:
    """A tournament due to start: the bot starts it, opens its tables and is killed as
    the round's message goes out; started again, the round is told once."""
    async with scene(tmp_path) as here:
        now = datetime.now(UTC).timestamp()
        clock = ManualClock(now - 120)
        async with here.opened() as database:
            service = GameService(database, clock=clock.now)
            people = [Player(here.people[n].id, n) for n in ("Ann", "Bo", "Cy", "Di")]
            made = await service.part(TournamentService).create_tournament(
                new_tournament(
                    here.channel.guild_id,
                    here.channel.id,
                    now - 60,
                    name="Kill Cup",
                    rounds=2,
                    match_size=2,
                    cap=4,
                ),
                people[0],
                True,
            )
            for player in people:
                await service.part(TournamentService).sign_up(made.tournament.id, player)
        here.kill_at(POST, here.into(here.channel), made=when == "after")
        await here.start()
        await here.killed_and_back()
        await here.all_sent("tournament-round:", 1)
        told = [m for m in here.channel.messages if "Round 1" in describe(m)]
        assert len(told) == 1
