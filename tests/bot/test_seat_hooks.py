"""What one feature tells another of a lobby's seats goes through the core's hooks, never
an import: whether the lobby is open to all (a private table says not, and a server's
minimum of reliability then holds back), and who falls short of what it asks (an
invitation they can't accept says so)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import cast

from bot.service.game_hooks import GameHooks, Hooks, Shortfall
from bot.storage.connection import Connection
from bot.storage.records import Game

NO_CONNECTION = cast(Connection, None)
"""What these hooks never read: each answers from its own fields."""
LOBBY = cast(Game, None)


class Private(GameHooks):
    async def open_to_all(self, connection: Connection, game: Game) -> bool:
        return False


class Short(GameHooks):
    def __init__(self, shortfalls: Mapping[int, Shortfall]) -> None:
        self._shortfalls = shortfalls
        self.told: list[bool] = []

    async def shortfalls(
        self, connection: Connection, game: Game, users: Sequence[int], open_to_all: bool
    ) -> Mapping[int, Shortfall]:
        self.told.append(open_to_all)
        return {user: s for user, s in self._shortfalls.items() if user in users}

    async def seat_wanted(
        self, connection: Connection, game: Game, user_id: int, open_to_all: bool
    ) -> None:
        self.told.append(open_to_all)


async def test_a_lobby_is_open_to_all_unless_a_feature_says_not() -> None:
    assert await Hooks([GameHooks(), Short({})]).open_to_all(NO_CONNECTION, LOBBY)
    assert not await Hooks([GameHooks(), Private()]).open_to_all(NO_CONNECTION, LOBBY)


async def test_each_feature_is_told_what_they_answered_together() -> None:
    short = Short({})
    await Hooks([Private(), short]).seat_wanted(NO_CONNECTION, LOBBY, 7, False)
    await Hooks([short]).shortfalls(NO_CONNECTION, LOBBY, (7,), True)
    assert short.told == [False, True]


async def test_who_falls_short_is_told_by_the_first_feature_that_says_so() -> None:
    first = Short({1: Shortfall(40, 80, new=False)})
    second = Short({1: Shortfall(10, 90, new=False), 2: Shortfall(80, 90, new=True)})
    found = await Hooks([GameHooks(), first, second]).shortfalls(
        NO_CONNECTION, LOBBY, (1, 2, 3), True
    )
    assert found == {1: Shortfall(40, 80, new=False), 2: Shortfall(80, 90, new=True)}


def test_each_moment_calls_only_the_hooks_taking_part_in_it_in_their_order() -> None:
    private, short, none = Private(), Short({}), GameHooks()
    hooks = Hooks([private, none, short, Private()])
    assert hooks.at("open_to_all")[0] is private
    assert len(hooks.at("open_to_all")) == 2
    assert hooks.at("shortfalls") == hooks.at("seat_wanted") == (short,)
    assert all(hooks.at(moment) == () for moment in ("started", "finished", "draws_kept"))
