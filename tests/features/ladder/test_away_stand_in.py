"""A computer player standing in for someone away, through the real bot: the game is still
rated, the stand-in's seat as its player's."""

from __future__ import annotations

import random

import pytest

from bot.discord_ui.face_drawing import to_ping
from bot.features.ladder.discord.handlers import Ladder
from bot.storage import GameStatus
from i18n import english
from tests.e2e.days import move_on_table, start_two
from tests.e2e.test_away import KINDS, go_away
from tests.e2e.test_away import world as world
from tests.e2e.world import World, describe

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("kind", KINDS)
async def test_a_computer_player_stands_in_while_someone_is_away(world: World, kind: str) -> None:
    ann, bo = world.players[0], world.players[1]
    await world.command(ann, "server settings", away="stand_in")
    game = started = await start_two(world, ann, bo, kind)
    said = await go_away(world, bo, 3)
    assert "I'm back" in said
    assert "🤖 Bo is away until <t:" in describe(world.table())
    assert "a computer player (normal) plays their turns meanwhile" in describe(world.table())

    # Ann plays; Bo's turns play themselves, marked as a stand-in's. A restart midway.
    rng = random.Random(3)
    restarted = False
    for _ in range(3000):
        game = await world.settled(game.id)
        if game.status is not GameStatus.ACTIVE:
            break
        assert not any(bo.id in ping.mentions for ping in world.pings())
        people = to_ping(game)
        if ann.id in people:
            await move_on_table(world, game, ann, rng)
        elif not restarted and game.moved_version:
            await world.stop_bots()
            await world.start_bot()
            restarted = True
        else:
            await world.discord.wait_until(lambda: world.busy(started.id))
    else:
        raise AssertionError("the game did not finish")
    assert restarted
    log = "\n".join(await world.bots[0].table.logs.lines(game, english()))
    assert "🤖 For Bo, away:" in log
    result = describe(world.table())
    assert "🤖 A computer player played" in result and "for Bo while they were away" in result
    ladder = world.bots[0].parts.get(Ladder).ladder
    rated = await ladder.rating_changes(game.id)
    assert {change.user_id for change in rated} == {ann.id, bo.id}, "rated, the stand-in's too"
