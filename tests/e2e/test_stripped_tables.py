"""A message whose controls come off (a damaged game's table, a stray lobby) keeps what it
shows, its picture included: the edit names the message's file with ``attachment://`` and
lists that file among the attachments it keeps, which is how Discord documents naming a
file in an edit (a file uploaded or kept by the same request)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from emulator.components import media
from tests.e2e.world import World, board_png, make_world


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    world = await make_world(tmp_path, 2)
    await world.start_bot()
    try:
        yield world
    finally:
        await world.stop_bots()
        await world.discord.close()


async def test_a_table_without_its_controls_keeps_its_picture(world: World) -> None:
    table = await world.start_game(2)
    picture = board_png(table)
    bot = world.bots[0]
    (game,) = await bot.service.games_here(world.channel.id)
    game = await world.settled(game.id)
    assert table.buttons()

    await bot.table.places.strip_buttons(game)

    assert not table.buttons()
    assert board_png(table) == picture
    shown = [item["url"] for _, item, _ in media(table.components)]
    assert shown == ["attachment://board.png"]
