"""The world's players by name, for tests played in a group DM of theirs."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from emulator import Channel, User
from tests.e2e.world import World, make_world


@dataclass
class InGroupDm:
    """A group DM of the world's first players, called by name (Ann, Bo, Cy, Di: the
    world's players in order), for each test to say who is in it and who installed the
    app."""

    world: World
    group: Channel

    @property
    def ann(self) -> User:
        return self.world.players[0]

    @property
    def bo(self) -> User:
        return self.world.players[1]

    @property
    def cy(self) -> User:
        return self.world.players[2]

    @property
    def di(self) -> User:
        return self.world.players[3]


@asynccontextmanager
async def game_night(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, *, board: bool = True
) -> AsyncIterator[tuple[World, Channel]]:
    """A world of three players, its bot started (with the board unless ``board`` is
    False), and their group DM "game night", where Ann installed the app; once left,
    checks that nothing was logged with a traceback or as an error."""
    world = await make_world(tmp_path, players=3)
    await world.start_bot(board=board)
    async with world:
        ann, bo, cy = world.players[:3]
        group = world.discord.add_group_dm(ann, [bo, cy], "game night")
        world.discord.install_to_user(ann)
        yield world, group
    tracebacks = [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert tracebacks == []
