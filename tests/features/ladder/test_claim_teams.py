"""Claim in teams through the real bot: four players play a whole game from their hands, and
are rated as teams, partners rising or falling together."""

from __future__ import annotations

import random

import pytest

from bot.features.ladder.discord.handlers import Ladder
from bot.storage.ratings import NEW_PLAYER
from tests.e2e.test_claim import (
    Audit,
    answered_in_time,
    check_result,
    check_secrets,
    play_out,
    service,
    start,
)
from tests.e2e.test_claim import audit as audit
from tests.e2e.test_claim import world as world
from tests.e2e.world import (
    GIF,
    World,
    describe,
    line_value,
    replay_gif,
)

pytestmark = pytest.mark.e2e


async def test_four_players_play_in_teams_and_are_rated_as_teams(
    world: World, audit: Audit, caplog: pytest.LogCaptureFixture
) -> None:
    await world.start_bot(4)
    game, table = await start(world, 4, factions="dragons, seers, trolls, griffins, vikings")
    assert "Teams: **Ann** & **Cy** against **Bo** & **Di**" in describe(table)
    assert {f.value for f in game.state.factions} >= {"DRA", "SEE", "TRO", "GRI", "VIK"}
    game = await play_out(world, game.id, random.Random(4))
    await check_result(world, game)
    results = await service(world).history.results(game.id)
    assert results[0].won == results[2].won != results[1].won == results[3].won
    result = await world.discord.wait_for_message(
        world.channel, lambda m: f"Claim #{game.number} · game over" in describe(m)
    )
    ratings = line_value(result, "Ratings")
    assert all(r.display_name in ratings for r in results)
    ladder = world.bots[0].parts.get(Ladder).ladder
    changes = {c.user_id: c for c in await ladder.rating_changes(game.id)}
    for r in results:
        # Partners rise or fall together, as one side.
        assert r.user_id is not None
        assert (changes[r.user_id].after.mu > NEW_PLAYER.mu) == r.won
    # The replay's every frame is a public table too: the audit checks them with the rest.
    tables = len(audit.tables)
    asked = await world.click(world.players[1], result, "Replay")
    replay = await world.discord.wait_for_message(
        world.channel,
        lambda m: m is asked.response_message and any(a.filename == GIF for a in m.attachments),
    )
    moves = len(await service(world).history.outcomes(game.id))
    assert 1 < replay_gif(replay).n_frames <= moves + 1
    assert len(audit.tables) == tables + moves + 1
    # Stepped through, it shows those same tables, worked out once.
    stepper = (await world.click(world.players[1], replay, "Step through")).response_message
    assert stepper is not None
    await world.click(world.players[1], stepper, "Next")
    await world.click(world.players[1], stepper, "Last")
    assert len(audit.tables) == tables + moves + 1
    check_secrets(world, audit, caplog)
    answered_in_time(world)
