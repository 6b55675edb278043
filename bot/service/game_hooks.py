"""Where a feature takes part in the core's changes of a game: inside the change's own
transaction, with its open connection, so that what a feature counts or refuses holds
or fails with the change itself (a game's end counts once, in whichever process ends
it; a refused join seats nobody).

A feature's package under ``bot/features/`` declares its part in its ``FEATURE``, a
``GameHooks`` whose methods it overrides, naming those moments (``moments``);
``bot.service.feature_registry`` finds them, and the core calls each in the features'
order (``ORDER`` there). The core names no feature: it calls the moments below, and a
feature that has nothing to do at one inherits the method that does nothing, and is not
called at it (``Hooks``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from bot.declared_slots import implemented
from bot.service.game_loading import Actor
from bot.storage.connection import Connection
from bot.storage.records import FinishedTable, Game


class Shortfall(NamedTuple):
    """How far someone falls short of what a lobby asks of whoever takes a seat (a
    minimum reliability): their figure and the lobby's minimum, in whole percent, and
    whether theirs is only a newcomer's (none of their games has ended)."""

    percent: int
    minimum: int
    new: bool


class GameHooks:
    """A feature's part in the core's changes, each moment called with the open
    connection of the change's transaction; raising a ``ServiceError`` refuses the whole
    change in the error's words.

    A hook awaits nothing but that connection's statements: no pause, no call out
    (Discord, the web), no other connection or database. Its change holds the game's row
    lock meanwhile, and on SQLite runs whole on the writer's thread, where nothing else
    can be waited for; any other await fails the change with ``BodyWaited``, on either
    database, with nothing written. What must wait for something else is done once the
    change has committed, by the feature's service or its Discord part."""

    async def lobby_opened(
        self, connection: Connection, game: Game, asked: Sequence[object], now: float
    ) -> None:
        """The lobby ``game`` was just opened, its host seated, with what its host asked
        of the features: ``asked`` holds each feature's own kind of request (a minimum
        of reliability, a private table's guests), and each picks its own. Raise to
        refuse the lobby."""

    async def open_to_all(self, connection: Connection, game: Game) -> bool:
        """Whether anyone may ask for a seat in the lobby ``game``; ``False``: only those
        its host chose (a private table). The core asks every feature, and tells each
        what they answered together (``seat_wanted``, ``shortfalls``): a server's own
        bars to joining are for lobbies open to all. Also asked in a read."""
        return True

    async def seat_wanted(
        self, connection: Connection, game: Game, user_id: int, open_to_all: bool
    ) -> None:
        """``user_id`` is about to take a seat in the lobby ``game``: joining it, or
        accepting an invitation to it (``open_to_all``: every feature's answer to
        ``open_to_all``). Raise to refuse them."""

    async def shortfalls(
        self, connection: Connection, game: Game, users: Sequence[int], open_to_all: bool
    ) -> Mapping[int, Shortfall]:
        """Of ``users``, those this feature would refuse a seat in the lobby ``game`` for
        falling short of what it asks, and by how much, told before they ask (an
        invitation they can't accept says so). Asked in a read."""
        return {}

    async def started(self, connection: Connection, game: Game, now: float) -> None:
        """``game`` has just started with its seats (a lobby's start, a rematch, a
        tournament's table)."""

    async def draws_kept(self, connection: Connection, game: Game, seat: int) -> str | None:
        """The draws ``seat``'s next move must make again (as the move log keeps them),
        if this feature kept some for the game's present point; ``None``: draw afresh."""
        return None

    async def seat_left(self, connection: Connection, game: Game, user_id: int, now: float) -> None:
        """``user_id`` left the started ``game``: left it, left the server, or lost
        their seat to the clock (never while away as their server allows)."""

    async def cancelling(self, connection: Connection, game: Game, actor: Actor) -> None:
        """``actor`` asks to end the open ``game`` unrated, before anything is checked
        of them. Raise to refuse them."""

    async def cancelled(self, connection: Connection, game: Game, actor: Actor, now: float) -> None:
        """``actor`` ended the open ``game`` unrated (``game`` as it was before)."""

    async def results_written(self, connection: Connection, table: FinishedTable) -> None:
        """A game was played to its end and its results just written: ``table`` holds
        them, with its place in the order games finish (the ladder counts it here)."""

    async def finished(self, connection: Connection, game: Game, now: float) -> None:
        """``game`` was played to its end, its results written."""


MOMENTS = tuple(name for name, value in vars(GameHooks).items() if callable(value))
"""Each moment a feature may take part in (``GameHooks``' methods)."""


class Hooks(GameHooks):
    """Every feature's hooks, called in turn in the features' order: at each moment,
    those of the features that take part in it (whose class overrides its method), as
    pluggy calls only a hook's implementations."""

    def __init__(self, hooks: Sequence[GameHooks]) -> None:
        taking_part = [(each, implemented(type(each), GameHooks, MOMENTS)) for each in hooks]
        self._taking_part = {
            moment: tuple(each for each, moments in taking_part if moment in moments)
            for moment in MOMENTS
        }

    def at(self, moment: str) -> tuple[GameHooks, ...]:
        """The hooks taking part in ``moment``, in the features' order."""
        return self._taking_part[moment]

    async def lobby_opened(
        self, connection: Connection, game: Game, asked: Sequence[object], now: float
    ) -> None:
        for hooks in self.at("lobby_opened"):
            await hooks.lobby_opened(connection, game, asked, now)

    async def open_to_all(self, connection: Connection, game: Game) -> bool:
        for hooks in self.at("open_to_all"):
            if not await hooks.open_to_all(connection, game):
                return False
        return True

    async def seat_wanted(
        self, connection: Connection, game: Game, user_id: int, open_to_all: bool
    ) -> None:
        for hooks in self.at("seat_wanted"):
            await hooks.seat_wanted(connection, game, user_id, open_to_all)

    async def shortfalls(
        self, connection: Connection, game: Game, users: Sequence[int], open_to_all: bool
    ) -> Mapping[int, Shortfall]:
        found: dict[int, Shortfall] = {}
        for hooks in self.at("shortfalls"):
            for user, shortfall in (
                await hooks.shortfalls(connection, game, users, open_to_all)
            ).items():
                found.setdefault(user, shortfall)
        return found

    async def started(self, connection: Connection, game: Game, now: float) -> None:
        for hooks in self.at("started"):
            await hooks.started(connection, game, now)

    async def draws_kept(self, connection: Connection, game: Game, seat: int) -> str | None:
        for hooks in self.at("draws_kept"):
            kept = await hooks.draws_kept(connection, game, seat)
            if kept is not None:
                return kept
        return None

    async def seat_left(self, connection: Connection, game: Game, user_id: int, now: float) -> None:
        for hooks in self.at("seat_left"):
            await hooks.seat_left(connection, game, user_id, now)

    async def cancelling(self, connection: Connection, game: Game, actor: Actor) -> None:
        for hooks in self.at("cancelling"):
            await hooks.cancelling(connection, game, actor)

    async def cancelled(self, connection: Connection, game: Game, actor: Actor, now: float) -> None:
        for hooks in self.at("cancelled"):
            await hooks.cancelled(connection, game, actor, now)

    async def results_written(self, connection: Connection, table: FinishedTable) -> None:
        for hooks in self.at("results_written"):
            await hooks.results_written(connection, table)

    async def finished(self, connection: Connection, game: Game, now: float) -> None:
        for hooks in self.at("finished"):
            await hooks.finished(connection, game, now)
