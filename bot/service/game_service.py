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
found by the game's kind in the registry.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

from bot.games.outcome import Outcome
from bot.games.registry import rules_for
from bot.games.rules import IllegalIntent
from bot.service.errors import (
    AlreadyJoined,
    BoardMovedOn,
    BotsNotAllowed,
    ChannelNotAllowed,
    IllegalMove,
    LobbyFull,
    NoSuchBot,
    NotEnoughPlayers,
    NotInGame,
)
from bot.service.game_checks import (
    busy,
    check_decision,
    check_version,
    playing,
    require_due,
    require_host,
    require_lobby,
    require_open,
    seat_to_move,
)
from bot.service.game_loading import Actor, Where, game_rules, load_for, load_game
from bot.service.game_parts import (
    Player,
    bot_for,
    bot_seat,
    closed,
    human_seat,
    level_named,
    options_for,
    results_of,
    take_over,
)
from bot.service.game_reads import GameReads
from bot.service.game_writes import Change, Overtaken, Written, save_game
from bot.service.guild_settings import check_turn_timeout
from bot.service.ladder_service import count_game, turn_figures
from bot.service.message_places import MessagePlaces
from bot.service.past_moves import PastMoves
from bot.service.player_settings import PlayerSettingsService
from bot.service.time_away import clock_as_away_is, new_turn_clock, seat_away, stands_in
from bot.storage import (
    deadline_queries,
    game_queries,
    move_queries,
    place_queries,
    player_queries,
    result_queries,
    settings_queries,
)
from bot.storage.connection import Connection
from bot.storage.database import CommitUnknown, Database
from bot.storage.game_values import Level, Options
from bot.storage.records import (
    EndReason,
    FinishedTable,
    Game,
    GameStatus,
    RatingChange,
    Result,
    Seat,
)

log = logging.getLogger(__name__)

TIME_OUTS_BEFORE_TAKEOVER = 2
LOOKS = 3
"""Reads of a game's row to settle a commit the database can't vouch for."""
OVERTAKEN_TRIES = 5
"""Times a move that names no version is worked out again when overtaken while it was."""


T = TypeVar("T")


class GameService(GameReads):
    """The only place a game changes: every change in one transaction, checking who acts and the
    version they saw, writing the position with its move-log entry; refusals are
    ``ServiceError``s in plain words."""

    def __init__(
        self,
        database: Database,
        *,
        dice: random.Random | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        super().__init__(database, clock)
        self._random = dice if dice is not None else secrets.SystemRandom()
        self.deadline_moved_earlier = asyncio.Event()
        """Set when the deadline watch must look again before it meant to: a new deadline
        may come before every earlier one (a new lobby, a start), or a game whose deadline
        passed has just been shown."""
        self.history = PastMoves(database)
        """The games' past moves, rebuilt from their logs."""
        self.messages = MessagePlaces(database, clock, self.deadline_moved_earlier)
        """Where each game's messages, ping, hands and thread are, and what they show."""
        self.players = PlayerSettingsService(database, clock)
        """Each player's own settings, and the direct messages telling them their turn."""

    async def _change(self, body: Change[T]) -> T:
        """Runs ``body`` in a write transaction that changes a game (``_save`` notes what
        it wrote). When its commit's answer was lost and the database can't say whether
        it committed (it restarted meanwhile), the game's own row says: the version the
        change wrote and its time mean it did; the version before means it didn't."""
        note = Written()
        returned: list[T] = []

        async def changing(connection: Connection) -> T:
            returned.append(await body(connection, note))
            return returned[0]

        try:
            value = await self._db.write(changing)
        except CommitUnknown as unknown:
            if note.game_id is None:
                raise
            if not await self._kept(note, unknown):
                raise unknown.__cause__ or unknown from None
            return returned[0]
        if note.move is not None:
            self.history.made(note.move)
        return value

    async def _kept(self, note: Written, unknown: CommitUnknown) -> bool:
        """Whether the change ``note`` describes is in the database; raises ``unknown``
        if the database still can't say (it isn't back, or the game moved on since)."""
        game_id = note.game_id
        assert game_id is not None
        for look in range(LOOKS):
            try:
                version, updated_at = await self._db.read(
                    lambda connection: game_queries.game_stamp(connection, game_id)
                )
                break
            except Exception:
                # A pooled connection from before the server went away fails once.
                if look == LOOKS - 1:
                    raise unknown from None
        if version == note.version - 1:
            return False
        if (version, updated_at) == (note.version, note.updated_at):
            return True
        raise unknown

    # Lobby -----------------------------------------------------------------

    async def create_lobby(
        self,
        *,
        kind: str,
        guild_id: int,
        channel_id: int,
        host: Player,
        options: Options | None = None,
        turn_timeout: int | None = None,
        bots: int = 0,
        bot_level: str = Level.NORMAL,
        language: str | None = None,
    ) -> Game:
        """A lobby of the game ``kind`` under the server's settings (an option left out,
        or ``None``, takes the server's default), with ``bots`` computer players seated
        at once; the game speaks ``language`` (a code) to the end."""
        rules = rules_for(kind)
        if turn_timeout is not None:
            check_turn_timeout(turn_timeout)
        level = level_named(bot_level)
        if not 0 <= bots < rules.max_players:
            raise LobbyFull(rules.max_players)
        now = self._clock()

        async def opening(connection: Connection) -> Game:
            # Two lobbies asked for at once in one channel: the second sees the first.
            await connection.lock("channel", channel_id)
            settings = await settings_queries.guild_settings(connection, guild_id)
            if not settings.allows(channel_id):
                raise ChannelNotAllowed(settings.channels)
            if bots and not settings.bots_allowed:
                raise BotsNotAllowed()
            taken = await place_queries.game_played_in(connection, channel_id)
            if taken is not None:
                raise busy(await load_game(connection, taken), channel_id, settings.threads)
            await connection.lock("game number", guild_id, kind)
            game_id = await game_queries.insert_game(
                connection,
                kind=kind,
                guild_id=guild_id,
                channel_id=channel_id,
                host_id=host.user_id,
                options=options_for(rules, settings.options_for(kind), options or {}),
                turn_timeout=settings.turn_timeout if turn_timeout is None else turn_timeout,
                deadline=now + settings.lobby_timeout,
                now=now,
                language=language,
            )
            seats = [human_seat(host), *(bot_seat(n, level) for n in range(1, bots + 1))]
            await game_queries.replace_seats(connection, game_id, seats, now)
            return await load_game(connection, game_id)

        game = await self._db.write(opening)
        self.deadline_moved_earlier.set()
        return game

    async def join(
        self, game_id: int, player: Player, version: int | None, where: Where | None = None
    ) -> Game:
        """Seats ``player`` in the lobby, refused when full, started, or joined already."""

        async def joining(connection: Connection, note: Written) -> Game:
            game = await load_game(connection, game_id, where)
            require_lobby(game, version)
            if game.seat_of(player.user_id) is not None:
                raise AlreadyJoined()
            most = rules_for(game.kind).max_players
            if len(game.seats) >= most:
                raise LobbyFull(most)
            return await self._reseat(connection, note, game, [*game.seats, human_seat(player)])

        return await self._change(joining)

    async def leave(self, game_id: int, actor: Actor, version: int | None) -> Game:
        """Leaves a lobby (a leaving host hands over to the next person; an empty lobby
        closes), or a running game: a computer player takes the seat over."""
        user_id = actor.user_id

        async def leaving(connection: Connection, note: Written) -> Game:
            game = await load_for(connection, game_id, actor)
            seat = None if user_id is None else game.seat_of(user_id)
            if seat is None:
                raise NotInGame()
            require_open(game)
            now = self._clock()
            if game.status is GameStatus.ACTIVE:
                check_version(game, version)
                changes = take_over(game, seat, now)
                acting = game.state is not None and seat.seat in game_rules(game).to_act(game.state)
                if "status" not in changes and acting:
                    # The computer player gets a whole turn, not what was left of it.
                    changes.update(deadline=now + game.turn_timeout, paused_left=None)
                await save_game(connection, note, game, now, **changes)
                await game_queries.update_seat(connection, game.id, bot_for(seat))
                return await load_game(connection, game_id)
            require_lobby(game, version)
            seats = [s for s in game.seats if s.user_id != user_id]
            humans = [s for s in seats if s.user_id is not None]
            if not humans:
                await save_game(connection, note, game, now, **closed(EndReason.LOBBY_EMPTY, now))
                return await load_game(connection, game_id)
            host_id = game.host_id if user_id != game.host_id else humans[0].user_id
            return await self._reseat(connection, note, game, seats, host_id=host_id)

        return await self._change(leaving)

    async def add_bot(
        self, game_id: int, actor: Actor, version: int | None, level: str = Level.NORMAL
    ) -> Game:
        """The host seats a computer player at ``level``, where the server allows them."""
        chosen = level_named(level)

        async def adding(connection: Connection, note: Written) -> Game:
            game = await load_for(connection, game_id, actor)
            require_lobby(game, version)
            require_host(game, actor)
            if not (await settings_queries.guild_settings(connection, game.guild_id)).bots_allowed:
                raise BotsNotAllowed()
            most = rules_for(game.kind).max_players
            if len(game.seats) >= most:
                raise LobbyFull(most)
            bot = bot_seat(1 + sum(s.is_bot for s in game.seats), chosen)
            return await self._reseat(connection, note, game, [*game.seats, bot])

        return await self._change(adding)

    async def remove_bot(self, game_id: int, actor: Actor, version: int | None, seat: int) -> Game:
        """The host frees a computer player's seat."""

        async def removing(connection: Connection, note: Written) -> Game:
            game = await load_for(connection, game_id, actor)
            require_lobby(game, version)
            require_host(game, actor)
            if not 0 <= seat < len(game.seats) or not game.seats[seat].is_bot:
                raise NoSuchBot(seat)
            return await self._reseat(
                connection, note, game, [s for s in game.seats if s.seat != seat]
            )

        return await self._change(removing)

    async def start(self, game_id: int, actor: Actor, version: int | None) -> Game:
        """Starts the game with a first player drawn at random."""

        async def starting(connection: Connection, note: Written) -> Game:
            game = await load_for(connection, game_id, actor)
            require_lobby(game, version)
            require_host(game, actor)
            rules = game_rules(game)
            players = len(game.seats)
            if not rules.min_players <= players <= rules.max_players:
                raise NotEnoughPlayers(rules.min_players, rules.max_players)
            first = self._random.randrange(players)
            setup = rules.deal(players, game.options, self._random)
            state = rules.start(players, first, game.options, setup)
            now = self._clock()
            await save_game(
                connection,
                note,
                game,
                now,
                status=GameStatus.ACTIVE,
                state=state,
                setup=setup,
                first_seat=first,
                started_at=now,
                **new_turn_clock(game, state, now),
            )
            return await load_game(connection, game_id)

        game = await self._change(starting)
        self.deadline_moved_earlier.set()
        return game

    async def cancel(self, game_id: int, actor: Actor, version: int | None = None) -> Game:
        """Ends an open game unrated; the host or a moderator may, even when its data is broken."""

        async def cancelling(connection: Connection, note: Written) -> Game:
            game = await load_for(connection, game_id, actor)
            require_open(game)
            if not actor.can_moderate:
                require_host(game, actor)
            check_version(game, version)
            now = self._clock()
            await save_game(connection, note, game, now, **closed(EndReason.CANCELLED, now))
            return await load_game(connection, game_id)

        return await self._change(cancelling)

    # Deadlines -------------------------------------------------------------------

    async def expire_lobby(self, game_id: int, version: int) -> Game:
        """Closes a lobby nobody started before its deadline."""

        async def expiring(connection: Connection, note: Written) -> Game:
            game = await load_game(connection, game_id)
            require_lobby(game, version)
            now = self._clock()
            require_due(game, now)
            await save_game(connection, note, game, now, **closed(EndReason.LOBBY_EXPIRED, now))
            return await load_game(connection, game_id)

        return await self._change(expiring)

    async def time_out(self, game_id: int, version: int) -> Outcome:
        """Plays the game's time-out rule for the seat whose deadline passed (the first of
        them, when several must act; the others' turn stays due). A human's second
        time-out in a row hands their seat to a computer player."""

        async def timing_out(connection: Connection, note: Written) -> Outcome:
            game = await load_game(connection, game_id)
            state = playing(game)
            check_version(game, version)
            now = self._clock()
            require_due(game, now)
            rules = game_rules(game)
            seat = game.seats[rules.to_act(state)[0]]
            changes: dict[str, Any] = {}
            took_over = None
            if not seat.is_bot:
                seat = replace(seat, timeouts=seat.timeouts + 1)
                if seat.timeouts >= TIME_OUTS_BEFORE_TAKEOVER:
                    changes = take_over(game, seat, now)
                    took_over = seat = bot_for(seat)
                await game_queries.update_seat(connection, game.id, seat)
            action = rules.time_out(state, seat.seat)
            outcome = await self._commit(connection, note, game, state, seat, action, now, changes)
            # Kept as the game's last move with the takeover, which its table shows once
            # the game is let go (the move log doesn't say it).
            note.move = replace(outcome, took_over=took_over)
            return note.move

        return await self._change(timing_out)

    async def stand_in(self, game_id: int, version: int) -> Outcome:
        """Plays the time-out rule at once for the computer player to act, which could not
        decide its move: the game goes on now rather than at its deadline, and the move
        says so (``Outcome.stood_in``)."""

        async def standing_in(connection: Connection, note: Written) -> Outcome:
            game = await load_game(connection, game_id)
            state = playing(game)
            check_version(game, version)
            rules = game_rules(game)
            seat = next((game.seats[n] for n in rules.to_act(state) if game.seats[n].is_bot), None)
            if seat is None:
                raise BoardMovedOn()  # a person is to act now: nothing to stand in for
            action = rules.time_out(state, seat.seat)
            outcome = await self._commit(
                connection, note, game, state, seat, action, self._clock(), {}
            )
            note.move = replace(outcome, stood_in=True)
            return note.move

        return await self._change(standing_in)

    async def stop_clock(self, game_id: int) -> bool:
        """For a game whose saved data is damaged: it cannot move on, so its deadline
        would fire forever; only a cancel ends it. ``False`` if it was stopped already."""
        return await self._db.statement(
            lambda connection: deadline_queries.clear_deadline(connection, game_id)
        )

    # Turns -------------------------------------------------------------------

    async def act(
        self,
        game_id: int,
        actor: Actor,
        version: int | None,
        intent: str,
        *,
        key: int | None = None,
    ) -> Outcome:
        """Plays what ``intent`` means in the game now (a button's action, such as
        ``roll``), as ``actor``'s seat; the game draws any dice it needs only once the
        press is accepted. A button of a seat's private message gives the ``key`` of what
        the seat decided on (``HiddenInformation``) in place of the game's version."""
        # The game is read and the move worked out before the write transaction, which
        # holds up every other write while it lasts: its UPDATE is a compare-and-set on
        # the version read. Overtaken meanwhile (another process, or a test's concurrent
        # call), a press on a version is refused as stale; one that names no version, or
        # a seat's own decision, is worked out again on what is stored now.
        for _ in range(OVERTAKEN_TRIES):
            game = await self._db.read(lambda connection: load_for(connection, game_id, actor))
            state = playing(game)
            seat = seat_to_move(game, state, actor)
            if key is None:
                check_version(game, version)
            else:
                check_decision(game, state, seat, key)
            try:
                action = game_rules(game).action(state, seat.seat, intent, self._random)
            except IllegalIntent as e:
                raise IllegalMove(e.words) from None
            try:
                return await self._change(
                    functools.partial(self._move, game=game, state=state, seat=seat, action=action)
                )
            except Overtaken:
                if version is not None and key is None:
                    raise BoardMovedOn() from None
        raise BoardMovedOn()

    async def _move(
        self,
        connection: Connection,
        note: Written,
        *,
        game: Game,
        state: Any,
        seat: Seat,
        action: Any,
        for_away: bool = False,
    ) -> Outcome:
        """A seat's move, worked out before its transaction."""
        if seat.timeouts:
            seat = replace(seat, timeouts=0)
            await game_queries.update_seat(connection, game.id, seat)
        return await self._commit(
            connection, note, game, state, seat, action, self._clock(), {}, for_away=for_away
        )

    async def _commit(
        self,
        connection: Connection,
        note: Written,
        game: Game,
        state: Any,
        seat: Seat,
        action: Any,
        now: float,
        changes: dict[str, Any],
        *,
        for_away: bool = False,
    ) -> Outcome:
        """Applies the action and writes it; ``seat`` is the mover's seat as now stored
        (``for_away``: a computer player moves for its player, who is away)."""
        rules = game_rules(game)
        try:
            step = rules.apply(state, seat.seat, action)
        except IllegalIntent as e:
            raise IllegalMove(e.words) from None
        changes = {"state": step.state, "moved_version": game.version + 1, **changes}
        ordered: dict[str, int] = {}
        over = rules.is_over(step.state)
        if over:
            changes.pop("end_reason", None)
            changes.update(status=GameStatus.FINISHED, finished_at=now, deadline=None)
            ordered["finish_seq"] = await game_queries.next_finish_seq(connection)
        elif "status" not in changes and step.turn_over:
            changes.update(new_turn_clock(game, step.state, now))
        await save_game(connection, note, game, now, **changes, **ordered)
        await move_queries.append_move(
            connection, game.id, seat.seat, rules.action_to_json(action), now, stand_in=for_away
        )
        seats = tuple(seat if s.seat == seat.seat else s for s in game.seats)
        game = replace(game, seats=seats)
        results: list[Result] = []
        rating_changes: list[RatingChange] = []
        if over:
            moves = await move_queries.load_moves(connection, game.id)
            results = results_of(game, rules, step.state, turn_figures(game, moves))
            await result_queries.write_results(connection, game, results)
            table = FinishedTable(
                game.id, game.kind, game.guild_id, ordered["finish_seq"], now, tuple(results)
            )
            rating_changes = await count_game(connection, table)
        # What was just written, without reading it back: the hot path of every press.
        stored = replace(game, version=game.version + 1, updated_at=now, **changes)
        note.move = Outcome(
            stored,
            state,
            seat.seat,
            action,
            step.events,
            step.turn_over,
            results=tuple(results),
            rating_changes=tuple(rating_changes),
            for_away=for_away,
        )
        return note.move

    # Time away ----------------------------------------------------------------------

    async def act_for_away(self, game_id: int, version: int, intent: str) -> Outcome:
        """Plays ``intent`` for the seat to act whose player is away while a computer
        player stands in for them (their server's choice), marked as the stand-in's."""
        game = await self._db.read(lambda connection: load_game(connection, game_id))
        state = playing(game)
        check_version(game, version)
        now = self._clock()
        to_act = game_rules(game).to_act(state)
        seat = next((game.seats[n] for n in to_act if stands_in(game.seats[n], now)), None)
        if seat is None:
            raise BoardMovedOn()  # they are back, or it is someone else's turn now
        try:
            action = game_rules(game).action(state, seat.seat, intent, self._random)
        except IllegalIntent as e:
            raise IllegalMove(e.words) from None
        return await self._change(
            functools.partial(
                self._move, game=game, state=state, seat=seat, action=action, for_away=True
            )
        )

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

        return await self._change(settling)

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
            await place_queries.mark_shown(connection, game_id, ended.version, {})
            return replace(ended, shown_version=ended.version)

        return await self._change(closing)

    # Shared checks -------------------------------------------------------------

    async def _reseat(
        self,
        connection: Connection,
        note: Written,
        game: Game,
        seats: list[Seat],
        host_id: int | None = None,
    ) -> Game:
        now = self._clock()
        await save_game(
            connection, note, game, now, host_id=game.host_id if host_id is None else host_id
        )
        await game_queries.replace_seats(connection, game.id, seats, now)
        return await load_game(connection, game.id)
