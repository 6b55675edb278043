"""The world's players by name, for tests played in a group DM of theirs."""

from __future__ import annotations

from dataclasses import dataclass

from emulator import Channel, User
from tests.e2e.world import World


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
