"""Each player's reliability in a server: the share of the games they started that they
saw to the end, BGA-style, and the minimum a server or a lobby's host asks of whoever
joins.

What counts, each in the transaction of the change that makes it so (so that a game's
end counts once, in whichever process ends it):

- a game starting counts as *started* for everyone seated;
- a game played to the end counts as *finished* for everyone still in their seat;
- leaving a started game (``leave``, or leaving the server), a seat taken over after two
  time-outs in a row, and a host without the right to moderate cancelling their running
  game count as *abandoned*.

Never counted against anyone: a game a moderator cancelled, a lobby that never started,
a computer player standing in or the clock waiting while someone is away as their server
allows, a game closed because its channel or thread is gone, a damaged game cancelled.

The number (``percent``) is ``finished / (finished + 3 × abandoned)``, with a new
player's first five games filled in at the neutral 80 %: each counted game replaces one
of the five made-up ones. So a new player shows as new and passes any minimum up to
80 %; five finished games take them from 80 % to 100 % in steps of 4; an abandonment
weighs three times a finished game, so it costs more than a finished game brings back
whenever the record is above 25 % (at 80 %, 34 points lost against 4 gained), and
finished games bring it back (one left game among 30 finished: 90 %). Why weigh rather
than only count: a plain share would let a player who left one game in ten sit at
90 %, and a made-up start keeps one early game from deciding everything. It is shown
as a whole percentage, rounded down, and a minimum compares that same whole number, so
what a player sees is what a lobby judges.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from bot.features.reliability import queries as reliability_queries
from bot.features.reliability.queries import ReliabilityRecord
from bot.features.reliability.settings import MIN_RELIABILITY, check_reliability_minimum
from bot.service.errors import ServiceError
from bot.service.feature_service import FeatureService
from bot.service.game_hooks import Shortfall
from bot.storage import settings_queries
from bot.storage.connection import Connection
from bot.storage.records import Game, Seat
from i18n import Message

NEUTRAL = Fraction(4, 5)
"""Where a player with no counted games stands (80 %)."""
SETTLING_GAMES = 5
"""Games counted at ``NEUTRAL`` until a player has played as many themselves."""
ABANDON_WEIGHT = 3
"""An abandoned game counts as this many games not finished."""


@dataclass(frozen=True)
class Reliability:
    """A player's reliability in a server, as shown and as a minimum judges it."""

    record: ReliabilityRecord

    @property
    def is_new(self) -> bool:
        """No game of theirs has ended yet (finished or abandoned): shown as new."""
        return self.record.finished + self.record.abandoned == 0

    @property
    def percent(self) -> int:
        """Whole percent, rounded down."""
        return percent(self.record)


def share(record: ReliabilityRecord) -> Fraction:
    """The record's reliability between 0 and 1 (see the module's words)."""
    finished, abandoned = record.finished, record.abandoned
    made_up = max(0, SETTLING_GAMES - finished - abandoned)
    counted = finished + ABANDON_WEIGHT * abandoned + made_up
    return (finished + made_up * NEUTRAL) / counted


def percent(record: ReliabilityRecord) -> int:
    """The record's reliability in whole percent, rounded down (never more than earned)."""
    value = share(record)
    return value.numerator * 100 // value.denominator


class BelowReliability(ServiceError):
    """A join refused: the lobby (or its server) asks for more reliability."""

    def __init__(self, minimum: int, theirs: Reliability, *, server: bool) -> None:
        asked = whole_percent(minimum)
        if theirs.is_new:
            yours = Message(
                "you have no finished games yet, which counts as {percent}",
                percent=whole_percent(theirs.percent),
            )
        else:
            yours = Message("yours is {percent}", percent=whole_percent(theirs.percent))
        if server:
            words = Message(
                "This server asks for {minimum} reliability or more to join a lobby; "
                "{yours}. Finishing games raises it.",
                minimum=asked,
                yours=yours,
            )
        else:
            words = Message(
                "This lobby asks for {minimum} reliability or more; {yours}. "
                "Finishing games raises it.",
                minimum=asked,
                yours=yours,
            )
        super().__init__(words)


def whole_percent(percent: int) -> Message:
    """``72%``, as the reader's language writes it (``72 %``)."""
    return Message("{percent}%", percent=percent)


def people(seats: Iterable[Seat]) -> list[int]:
    """The people seated (computer players have no record)."""
    return [seat.user_id for seat in seats if seat.user_id is not None]


async def count_started(connection: Connection, game: Game, now: float) -> None:
    """``game`` has just started: it counts for everyone seated."""
    await reliability_queries.count(connection, game.guild_id, people(game.seats), now, started=1)


async def count_finished(connection: Connection, game: Game, now: float) -> None:
    """``game`` was played to the end: it counts for everyone still in their seat."""
    await reliability_queries.count(connection, game.guild_id, people(game.seats), now, finished=1)


async def count_abandoned(connection: Connection, game: Game, user_id: int, now: float) -> None:
    """``user_id`` abandoned the started ``game``."""
    await reliability_queries.count(connection, game.guild_id, (user_id,), now, abandoned=1)


async def lobby_minimum(
    connection: Connection, game: Game, open_to_all: bool
) -> tuple[int | None, bool]:
    """The reliability whoever joins ``game`` needs, and whether it is the server's (else
    the host's own); ``None``: none asked. The higher of the two is the one that holds.
    The server's is for lobbies ``open_to_all`` (as the features answer,
    ``GameHooks.open_to_all``): a private table's players are its host's choice."""
    server = None
    if open_to_all:
        server = MIN_RELIABILITY.of(
            await settings_queries.guild_settings(connection, game.guild_id)
        )
    own = await reliability_queries.minimum(connection, game.id)
    if own is not None and (server is None or own > server):
        return own, False
    return server, True


async def require_reliable(
    connection: Connection, game: Game, user_id: int, open_to_all: bool
) -> None:
    """Refuses ``user_id`` a seat in the lobby when their reliability is below its
    minimum."""
    minimum, server = await lobby_minimum(connection, game, open_to_all)
    if minimum is None:
        return
    records = await reliability_queries.records(connection, game.guild_id, (user_id,))
    theirs = Reliability(records.get(user_id, ReliabilityRecord()))
    if theirs.percent < minimum:
        raise BelowReliability(minimum, theirs, server=server)


async def shortfalls(
    connection: Connection, game: Game, users: Sequence[int], open_to_all: bool
) -> dict[int, Shortfall]:
    """Of ``users``, those whose reliability is below the lobby's minimum, with both."""
    minimum, _ = await lobby_minimum(connection, game, open_to_all)
    if minimum is None or not users:
        return {}
    records = await reliability_queries.records(connection, game.guild_id, users)
    theirs = {user: Reliability(records.get(user, ReliabilityRecord())) for user in users}
    return {
        user: Shortfall(reliability.percent, minimum, reliability.is_new)
        for user, reliability in theirs.items()
        if reliability.percent < minimum
    }


async def keep_minimum(connection: Connection, game_id: int, minimum: int | None) -> None:
    """A new lobby's own minimum, as its host asked (0 or ``None``: none)."""
    if minimum:
        await reliability_queries.set_minimum(connection, game_id, minimum)


@dataclass(frozen=True)
class LobbyMinimum:
    """What a host asks of whoever joins their new lobby: a reliability of at least
    ``percent`` (0 or ``None``: none)."""

    percent: int | None


def check_minimum(minimum: int | None) -> None:
    """Refuses a host's minimum that is no whole percentage, before anything is made."""
    if minimum is not None:
        check_reliability_minimum(minimum)


class ReliabilityService(FeatureService):
    """What the Discord layer reads of players' reliability and lobbies' minimums."""

    async def of_players(self, guild_id: int, users: Iterable[int]) -> dict[int, Reliability]:
        """Each of ``users``' reliability in the server (new for those without a record)."""
        wanted = list(users)
        records = await self._db.read(
            lambda connection: reliability_queries.records(connection, guild_id, wanted)
        )
        return {user: Reliability(records.get(user, ReliabilityRecord())) for user in wanted}

    async def minimum_of(self, game: Game) -> int | None:
        """The reliability whoever joins ``game`` needs now (the server's or the host's,
        whichever is higher); ``None``: none."""

        async def reading(connection: Connection) -> tuple[int | None, bool]:
            open_to_all = await self.core.hooks.open_to_all(connection, game)
            return await lobby_minimum(connection, game, open_to_all)

        minimum, _ = await self._db.read(reading)
        return minimum
