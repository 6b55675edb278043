"""The game service: the single place where a game changes.

Each operation runs in one write transaction, which holds the game from the
moment it is loaded (on SQLite the whole file, on PostgreSQL the game's row), so
changes of a game happen one after another even across processes: load the game,
check who acts and the version they saw, let the engine judge the move, then
write the new position, its move-log entry and (at the end) the results with a
compare-and-set on the version. A refusal is a ``ServiceError`` and writes
nothing.

Every open game has a deadline: a lobby closes itself at its deadline, and a
turn ends by itself at its deadline (the game's time-out rule). After two
time-outs in a row, or when a player leaves, a computer player takes the seat
over; a game with no human left is closed.

The service knows every game only through its rules (``bot.games.rules``),
found by the game's kind in the registry, and every feature only through its
declaration (``feature_registry``). ``GameService`` is its lobbies' changes
(``lobby_changes``), with what changes a game from outside its play: its players' time
away, its place gone, its damaged data; it holds a running game's moves
(``turn_changes``, as ``turns``). All are made in the transaction ``game_changes``
gives them, calling the features' hooks inside it. Each feature's own service (a
rematch, take-backs, invitations, tournaments, reliability) is made over it and
handed out by its class (``part``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar, cast

from bot.service import feature_registry
from bot.service.conversation_records import ConversationRecords
from bot.service.deadline_reads import DeadlineReads
from bot.service.feature_service import FeatureService
from bot.service.game_checks import require_open
from bot.service.game_hooks import GameHooks
from bot.service.game_loading import load_game
from bot.service.game_parts import closed
from bot.service.game_reports import GameReports
from bot.service.game_writes import Written, save_game
from bot.service.lobby_changes import LobbyChanges
from bot.service.message_records import MessageRecords
from bot.service.owed_messages import OwedMessages
from bot.service.player_settings import PlayerSettingsService
from bot.service.time_away import clock_as_away_is, seat_away
from bot.service.turn_changes import TurnChanges
from bot.storage import (
    deadline_queries,
    game_queries,
    message_queries,
    player_queries,
    settings_queries,
)
from bot.storage.connection import Connection
from bot.storage.database import Database
from bot.storage.records import EndReason, Game, Seat

Part = TypeVar("Part", bound=FeatureService)


class GameService(LobbyChanges):
    """The only place a game changes: every change in one transaction, checking who acts and the
    version they saw, writing the position with its move-log entry; refusals are
    ``ServiceError``s in plain words."""

    def __init__(
        self,
        database: Database,
        *,
        dice: random.Random | None = None,
        clock: Callable[[], float] = time.time,
        hooks: GameHooks | None = None,
    ) -> None:
        """``hooks``: the features' part in each change (by default, every feature's
        under ``bot/features/``, found as the service is made)."""
        features = feature_registry.discovered()
        super().__init__(
            database,
            dice=dice,
            clock=clock,
            hooks=feature_registry.hooks_of(features) if hooks is None else hooks,
        )
        self.turns = TurnChanges(self)
        """A running game's moves: a seat's press, a turn's time-out, a computer player
        stood in for, a move made for a player away."""
        self._parts = {
            feature.service: feature.service(self)
            for feature in features
            if feature.service is not None
        }
        reporter = feature_registry.provider_of(feature_registry.Role.REPORTS, features)
        if reporter is not None and reporter.service is not None:
            self._reports = cast(GameReports, self._parts[reporter.service])
        self.deadlines = DeadlineReads(database, clock)
        """What the deadline watch reads."""
        self.messages = MessageRecords(database, clock, self.deadline_moved_earlier)
        """Where each game's messages, ping, hands and thread are, and what they show."""
        self.players = PlayerSettingsService(database, clock)
        """Each player's own settings, and the direct messages telling them their turn."""
        self.owed = OwedMessages(database, clock)
        """The claims on the messages owed for something past, while they are posted."""
        self.conversations = ConversationRecords(database, clock)
        """The places the bot is no member of: each one's scope (its games'
        ``guild_id``), and the token each game's message there follows through."""

    async def stop_features(self) -> None:
        """The bot stops: each feature's service that runs something of its own ends it,
        in the features' order."""
        for made in self._parts.values():
            if type(made).stop is not FeatureService.stop:
                await made.stop()

    def part(self, service: type[Part]) -> Part:
        """The feature's service of class ``service``, made over this one."""
        made = self._parts[service]
        assert isinstance(made, service)
        return made

    async def settle_away(
        self, game_id: int, user_id: int | None = None
    ) -> tuple[Game, tuple[Seat, ...]] | None:
        """Brings the game's seats in line with their players' time away (``user_id``'s
        seat, or every seat whose time away has ended), and its clock with whoever it
        waits on: stopped while they are away and the server wants it so, going again
        with the time it had left once they are back. Returns the game and its seats as
        they were, or ``None`` when nothing changed."""

        async def settling(
            connection: Connection, note: Written
        ) -> tuple[Game, tuple[Seat, ...]] | None:
            game = await load_game(connection, game_id)
            require_open(game)
            now = self._clock()
            server = await settings_queries.guild_settings(connection, game.guild_id)
            seats = list(game.seats)
            for seat in game.seats:
                if seat.user_id is None or user_id not in (None, seat.user_id):
                    continue
                if user_id is None and (seat.away_until is None or seat.away_until > now):
                    continue
                player = await player_queries.player_settings(connection, seat.user_id)
                seats[seat.seat] = seat_away(seat, player, server, now)
                if seats[seat.seat] != seat:
                    await game_queries.update_seat(connection, game.id, seats[seat.seat])
            if tuple(seats) == game.seats:
                return None
            settled = replace(game, seats=tuple(seats))
            await save_game(connection, note, settled, now, **clock_as_away_is(settled, now))
            return await load_game(connection, game_id), game.seats

        return await self.change(settling)

    async def close_place_gone(self, game_id: int) -> Game:
        """Ends an open game unrated because its place is gone (its channel deleted or
        locked, or its thread with no room left in its channel): its clock stops, and
        it counts as shown, as nothing could show it any more."""

        async def closing(connection: Connection, note: Written) -> Game:
            game = await load_game(connection, game_id)
            require_open(game)
            now = self._clock()
            await save_game(connection, note, game, now, **closed(EndReason.PLACE_GONE, now))
            ended = await load_game(connection, game_id)
            await message_queries.mark_shown(connection, game_id, ended.version, {})
            return replace(ended, shown_version=ended.version)

        return await self.change(closing)

    async def stop_clock(self, game_id: int) -> bool:
        """For a game whose saved data is damaged: it cannot move on, so its deadline
        would fire forever; only a cancel ends it. ``False`` if it was stopped already."""
        return await self._db.statement(
            lambda connection: deadline_queries.clear_deadline(connection, game_id)
        )
