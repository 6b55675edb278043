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
import json
import logging
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Coroutine, Iterable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, NamedTuple, TypeVar

from bot.games.outcome import Outcome
from bot.games.registry import rules_for
from bot.games.rules import AnyRules, BadOption, HiddenInformation, IllegalIntent
from bot.service.errors import (
    AlreadyJoined,
    AlreadyStarted,
    BadSetting,
    BoardMovedOn,
    BotsNotAllowed,
    ChannelBusy,
    ChannelNotAllowed,
    GameBroken,
    GameFinished,
    GameNotFound,
    IllegalMove,
    LobbyFull,
    NoSuchBot,
    NotEnoughPlayers,
    NotHere,
    NotHost,
    NotInGame,
    NotStarted,
    NotThisGame,
    NotYourTurn,
)
from bot.service.guild_settings import check_turn_timeout
from bot.service.ladder_service import count_game, turn_figures
from bot.storage import (
    deadline_queries,
    game_queries,
    hand_queries,
    ladder_queries,
    move_queries,
    place_queries,
    result_queries,
    settings_queries,
)
from bot.storage.connection import Connection
from bot.storage.database import CommitUnknown, Database
from bot.storage.game_values import Level, Options
from bot.storage.records import (
    TAKEOVER_SUFFIX,
    DueGames,
    EndReason,
    FinishedTable,
    Game,
    GameStatus,
    Hand,
    Move,
    RatingChange,
    Result,
    Seat,
)
from bot.storage.shards import EVERY, Shards
from i18n import Message

log = logging.getLogger(__name__)

BOT_LEVELS = tuple(Level)
TAKEOVER_LEVEL = Level.NORMAL
"""The level of a computer player that takes over a seat."""
TIME_OUTS_BEFORE_TAKEOVER = 2
LOOKS = 3
"""Reads of a game's row to settle a commit the database can't vouch for."""
KEPT_LAST_MOVES = 10_000
"""Games whose last move is kept in memory, the least recently moved dropped first."""
OVERTAKEN_TRIES = 5
"""Times a move that names no version is worked out again when overtaken while it was."""


class Where(NamedTuple):
    """The server and channel (or thread) a button was pressed or a command typed in, and
    the kind of game the button or command is for."""

    guild_id: int
    channel_id: int
    kind: str | None = None
    """A game of another kind refuses it (a custom_id can be forged to name any game)."""


class Actor(NamedTuple):
    """Who asks: a Discord user, or the bot itself (``user_id=None``) playing a computer seat."""

    user_id: int | None
    can_moderate: bool = False
    """Holds Manage Messages in the channel, so may cancel any game there."""
    where: Where | None = None
    """Where they asked; a game only answers to its own server and channel or thread.
    ``None`` for the bot itself and for server events (a member leaving)."""


SYSTEM = Actor(None)


@dataclass
class Written:
    """What a transaction wrote to a game's row: its id, its new version and the time,
    and the move it made, if it made one."""

    game_id: int | None = None
    version: int = 0
    updated_at: float = 0.0
    move: Outcome | None = None


T = TypeVar("T")

Change = Callable[[Connection, Written], Coroutine[Any, Any, T]]
"""A change of a game, in its write transaction (``Database.write``'s body), noting what
it wrote."""


class Player(NamedTuple):
    user_id: int
    display_name: str


class GameService:
    def __init__(
        self,
        database: Database,
        *,
        dice: random.Random | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._db = database
        self._random = dice if dice is not None else secrets.SystemRandom()
        self._clock = clock
        self._last_moves: OrderedDict[int, Outcome] = OrderedDict()
        """Each game's last move made here, as committed: ``last_outcome`` without
        replaying the game."""
        self.deadline_moved_earlier = asyncio.Event()
        """Set when the deadline watch must look again before it meant to: a new deadline
        may come before every earlier one (a new lobby, a start), or a game whose deadline
        passed has just been shown."""

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
            self._last_moves[note.move.game.id] = note.move
            self._last_moves.move_to_end(note.move.game.id)
            while len(self._last_moves) > KEPT_LAST_MOVES:
                self._last_moves.popitem(last=False)
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
        level = _level(bot_level)
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
            if await place_queries.channel_taken(connection, channel_id):
                raise ChannelBusy()
            await connection.lock("game number", guild_id, kind)
            game_id = await game_queries.insert_game(
                connection,
                kind=kind,
                guild_id=guild_id,
                channel_id=channel_id,
                host_id=host.user_id,
                options=_options(rules, settings.options_for(kind), options or {}),
                turn_timeout=settings.turn_timeout if turn_timeout is None else turn_timeout,
                deadline=now + settings.lobby_timeout,
                now=now,
                language=language,
            )
            seats = [_human(host), *(_bot(n, level) for n in range(1, bots + 1))]
            await game_queries.replace_seats(connection, game_id, seats, now)
            return await _load(connection, game_id)

        game = await self._db.write(opening)
        self.deadline_moved_earlier.set()
        return game

    async def join(
        self, game_id: int, player: Player, version: int | None, where: Where | None = None
    ) -> Game:
        async def joining(connection: Connection, note: Written) -> Game:
            game = await _load(connection, game_id, where)
            _require_lobby(game, version)
            if game.seat_of(player.user_id) is not None:
                raise AlreadyJoined()
            most = rules_for(game.kind).max_players
            if len(game.seats) >= most:
                raise LobbyFull(most)
            return await self._reseat(connection, note, game, [*game.seats, _human(player)])

        return await self._change(joining)

    async def leave(self, game_id: int, actor: Actor, version: int | None) -> Game:
        """Leaves a lobby (a leaving host hands over to the next person; an empty lobby
        closes), or a running game: a computer player takes the seat over."""
        user_id = actor.user_id

        async def leaving(connection: Connection, note: Written) -> Game:
            game = await _load(connection, game_id, actor.where)
            seat = None if user_id is None else game.seat_of(user_id)
            if seat is None:
                raise NotInGame()
            _require_open(game)
            now = self._clock()
            if game.status is GameStatus.ACTIVE:
                _check_version(game, version)
                changes = _take_over(game, seat, now)
                acting = game.state is not None and seat.seat in _rules(game).to_act(game.state)
                if "status" not in changes and acting:
                    # The computer player gets a whole turn, not what was left of it.
                    changes["deadline"] = now + game.turn_timeout
                await _save(connection, note, game, now, **changes)
                await game_queries.update_seat(connection, game.id, _bot_for(seat))
                return await _load(connection, game_id)
            _require_lobby(game, version)
            seats = [s for s in game.seats if s.user_id != user_id]
            humans = [s for s in seats if s.user_id is not None]
            if not humans:
                await _save(connection, note, game, now, **_closed(EndReason.LOBBY_EMPTY, now))
                return await _load(connection, game_id)
            host_id = game.host_id if user_id != game.host_id else humans[0].user_id
            return await self._reseat(connection, note, game, seats, host_id=host_id)

        return await self._change(leaving)

    async def add_bot(
        self, game_id: int, actor: Actor, version: int | None, level: str = Level.NORMAL
    ) -> Game:
        chosen = _level(level)

        async def adding(connection: Connection, note: Written) -> Game:
            game = await _load(connection, game_id, actor.where)
            _require_lobby(game, version)
            _require_host(game, actor)
            if not (await settings_queries.guild_settings(connection, game.guild_id)).bots_allowed:
                raise BotsNotAllowed()
            most = rules_for(game.kind).max_players
            if len(game.seats) >= most:
                raise LobbyFull(most)
            bot = _bot(1 + sum(s.is_bot for s in game.seats), chosen)
            return await self._reseat(connection, note, game, [*game.seats, bot])

        return await self._change(adding)

    async def remove_bot(self, game_id: int, actor: Actor, version: int | None, seat: int) -> Game:
        async def removing(connection: Connection, note: Written) -> Game:
            game = await _load(connection, game_id, actor.where)
            _require_lobby(game, version)
            _require_host(game, actor)
            if not 0 <= seat < len(game.seats) or not game.seats[seat].is_bot:
                raise NoSuchBot(seat)
            return await self._reseat(
                connection, note, game, [s for s in game.seats if s.seat != seat]
            )

        return await self._change(removing)

    async def start(self, game_id: int, actor: Actor, version: int | None) -> Game:
        """Starts the game with a first player drawn at random."""

        async def starting(connection: Connection, note: Written) -> Game:
            game = await _load(connection, game_id, actor.where)
            _require_lobby(game, version)
            _require_host(game, actor)
            rules = _rules(game)
            players = len(game.seats)
            if not rules.min_players <= players <= rules.max_players:
                raise NotEnoughPlayers(rules.min_players, rules.max_players)
            first = self._random.randrange(players)
            setup = rules.deal(players, game.options, self._random)
            state = rules.start(players, first, game.options, setup)
            now = self._clock()
            await _save(
                connection,
                note,
                game,
                now,
                status=GameStatus.ACTIVE,
                state=state,
                setup=setup,
                first_seat=first,
                started_at=now,
                deadline=now + game.turn_timeout,
            )
            return await _load(connection, game_id)

        game = await self._change(starting)
        self.deadline_moved_earlier.set()
        return game

    async def cancel(self, game_id: int, actor: Actor, version: int | None = None) -> Game:
        """Ends an open game unrated; the host or a moderator may, even when its data is broken."""

        async def cancelling(connection: Connection, note: Written) -> Game:
            game = await _load(connection, game_id, actor.where)
            _require_open(game)
            if not actor.can_moderate:
                _require_host(game, actor)
            _check_version(game, version)
            now = self._clock()
            await _save(connection, note, game, now, **_closed(EndReason.CANCELLED, now))
            return await _load(connection, game_id)

        return await self._change(cancelling)

    # Deadlines -------------------------------------------------------------------

    async def due_games(self, shards: Shards = EVERY) -> DueGames:
        """Open games whose deadline has passed (noting those whose messages are behind:
        a turn nobody was shown can't be held against its player until it is), and games
        whose saved values are damaged."""
        return await self._db.read(
            lambda connection: deadline_queries.due_games(connection, self._clock(), shards)
        )

    async def next_deadline(self, after: float, shards: Shards = EVERY) -> float | None:
        """The earliest deadline still to come after ``after``."""
        return await self._db.read(
            lambda connection: deadline_queries.next_deadline(connection, after, shards)
        )

    async def damaged_games(self, shards: Shards = EVERY) -> list[tuple[int, str]]:
        """Open games whose saved values the deadline scan reads are damaged, as (id, what
        is damaged)."""
        return await self._db.read(
            lambda connection: deadline_queries.damaged_games(connection, shards)
        )

    async def expire_lobby(self, game_id: int, version: int) -> Game:
        """Closes a lobby nobody started before its deadline."""

        async def expiring(connection: Connection, note: Written) -> Game:
            game = await _load(connection, game_id)
            _require_lobby(game, version)
            now = self._clock()
            _require_due(game, now)
            await _save(connection, note, game, now, **_closed(EndReason.LOBBY_EXPIRED, now))
            return await _load(connection, game_id)

        return await self._change(expiring)

    async def time_out(self, game_id: int, version: int) -> Outcome:
        """Plays the game's time-out rule for the seat whose deadline passed (the first of
        them, when several must act; the others' turn stays due). A human's second
        time-out in a row hands their seat to a computer player."""

        async def timing_out(connection: Connection, note: Written) -> Outcome:
            game = await _load(connection, game_id)
            state = _playing(game)
            _check_version(game, version)
            now = self._clock()
            _require_due(game, now)
            rules = _rules(game)
            seat = game.seats[rules.to_act(state)[0]]
            changes: dict[str, Any] = {}
            took_over = None
            if not seat.is_bot:
                seat = replace(seat, timeouts=seat.timeouts + 1)
                if seat.timeouts >= TIME_OUTS_BEFORE_TAKEOVER:
                    changes = _take_over(game, seat, now)
                    took_over = seat = _bot_for(seat)
                await game_queries.update_seat(connection, game.id, seat)
            action = rules.time_out(state, seat.seat)
            outcome = await self._commit(connection, note, game, state, seat, action, now, changes)
            # Kept as the game's last move with the takeover, which its table shows once
            # the game is let go (the move log doesn't say it).
            note.move = replace(outcome, took_over=took_over)
            return note.move

        return await self._change(timing_out)

    async def stop_clock(self, game_id: int) -> bool:
        """For a game whose saved data is damaged: it cannot move on, so its deadline
        would fire forever; only a cancel ends it. ``False`` if it was stopped already."""
        return await self._db.statement(
            lambda connection: deadline_queries.clear_deadline(connection, game_id)
        )

    async def games_of_member(self, guild_id: int, user_id: int) -> list[int]:
        return await self._db.read(
            lambda connection: game_queries.games_of_member(connection, guild_id, user_id)
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
            game = await self._db.read(lambda connection: _load(connection, game_id, actor.where))
            state = _playing(game)
            seat = _seat_to_move(game, state, actor)
            if key is None:
                _check_version(game, version)
            else:
                _check_decision(game, state, seat, key)
            try:
                action = _rules(game).action(state, seat.seat, intent, self._random)
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
    ) -> Outcome:
        """A seat's move, worked out before its transaction."""
        if seat.timeouts:
            seat = replace(seat, timeouts=0)
            await game_queries.update_seat(connection, game.id, seat)
        return await self._commit(connection, note, game, state, seat, action, self._clock(), {})

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
    ) -> Outcome:
        """Applies the action and writes it; ``seat`` is the mover's seat as now stored."""
        rules = _rules(game)
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
            changes["deadline"] = now + game.turn_timeout
        await _save(connection, note, game, now, **changes, **ordered)
        await move_queries.append_move(
            connection, game.id, seat.seat, rules.action_to_json(action), now
        )
        seats = tuple(seat if s.seat == seat.seat else s for s in game.seats)
        game = replace(game, seats=seats)
        results: list[Result] = []
        rating_changes: list[RatingChange] = []
        if over:
            moves = await move_queries.load_moves(connection, game.id)
            results = _results(game, rules, step.state, turn_figures(game, moves))
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
        )
        return note.move

    # Bookkeeping and queries ---------------------------------------------------

    async def set_turn_message(self, game_id: int, message_id: int | None) -> None:
        await self._db.statement(
            lambda connection: place_queries.set_message(
                connection, game_id, "turn_message_id", message_id
            )
        )

    async def mark_shown(
        self,
        game_id: int,
        version: int,
        message_ids: Mapping[str, int | None] = MappingProxyType({}),
        *,
        turn_posted_late: bool = False,
    ) -> None:
        """The game's messages now show ``version`` (and are where ``message_ids`` say:
        ``lobby_message_id``, ``turn_message_id``). A turn whose message went out only
        now (``turn_posted_late``) gets its whole time from now."""
        now = self._clock()
        clock_from = now if turn_posted_late else None
        deadline = await self._db.statement(
            lambda connection: place_queries.mark_shown(
                connection, game_id, version, dict(message_ids), clock_from
            )
        )
        # The time after the write, not before it: the deadline may pass while it waits
        # for the database, after the deadline watch last looked.
        if deadline is not None and deadline <= self._clock():
            # Its deadline passed while its message was on the way, and the deadline
            # watch leaves a game alone until its players were shown its turn.
            self.deadline_moved_earlier.set()

    async def games_not_shown(self, shards: Shards = EVERY) -> list[int]:
        """Games whose last change never reached their messages (the bot stopped, or
        Discord failed, between the two)."""
        return await self._db.read(
            lambda connection: place_queries.games_not_shown(connection, shards)
        )

    async def last_outcome(self, game_id: int) -> Outcome | None:
        """The game's last move as an outcome, to show a change whose message never went
        out, or what it showed a seat alone (a card drawn face down); ``None`` before the
        first move (or if the game's data is damaged). The move as this process made it,
        when it is the game's last; else rebuilt from the move log."""
        made = self._last_moves.get(game_id)

        async def reading(connection: Connection) -> Outcome | _Logged:
            game = await _load(connection, game_id)
            if made is not None and game.moved_version == made.game.version and not game.broken:
                return replace(made, game=game)
            return _Logged(
                game,
                await move_queries.load_moves(connection, game_id),
                await result_queries.load_results(connection, game_id),
                await ladder_queries.rating_changes(connection, game_id),
            )

        logged = await self._db.read(reading)
        if isinstance(logged, Outcome):
            return logged
        game, moves, results, rating_changes = logged
        if not moves or game.broken is not None or game.first_seat is None:
            return None
        rules = _rules(game)
        state = _initial(game, rules)
        actions = [(m.seat, rules.action_from_json(json.loads(m.action))) for m in moves]
        for seat, action in actions[:-1]:
            state = rules.apply(state, seat, action).state
        seat, action = actions[-1]
        step = rules.apply(state, seat, action)
        return Outcome(
            game,
            state,
            seat,
            action,
            step.events,
            step.turn_over,
            results=tuple(results),
            rating_changes=tuple(rating_changes),
        )

    async def seat_for(self, game_id: int, actor: Actor) -> tuple[Game, Seat]:
        """The game being played and ``actor``'s seat in it, for their private message;
        refused for anyone not playing it (a seat a computer player took over included)."""
        game = await self._db.read(lambda connection: _load(connection, game_id, actor.where))
        _playing(game)
        seat = None if actor.user_id is None else game.seat_of(actor.user_id)
        if seat is None:
            raise NotInGame()
        return game, seat

    async def set_ping(self, game_id: int, message_id: int | None, users: Iterable[int]) -> None:
        """The message pinging ``users`` to act (``None``: none any more)."""
        await self._db.statement(
            lambda connection: place_queries.set_ping(connection, game_id, message_id, users)
        )

    async def last_moved(self, game_id: int) -> dict[int, float]:
        """When each seat last moved, by seat."""
        return await self._db.read(lambda connection: move_queries.last_moved(connection, game_id))

    async def hands(self, game_id: int) -> list[Hand]:
        """The game's private messages that follow it, by seat."""
        return await self._db.read(lambda connection: hand_queries.hands(connection, game_id))

    async def keep_hand(self, hand: Hand) -> Hand | None:
        """``hand`` now follows its seat's game; the one it replaces, if another message."""
        # A press on the live hand (every move from it) renews its token in one
        # statement: a transaction's round trips hold up every other write.
        if await self._db.statement(lambda connection: hand_queries.renew_hand(connection, hand)):
            return None
        return await self._db.write(lambda connection: hand_queries.keep_hand(connection, hand))

    async def drop_hand(self, hand: Hand) -> None:
        """``hand`` no longer follows the game (unless a newer one replaced it)."""
        await self._db.statement(
            lambda connection: hand_queries.drop_hand(
                connection, hand.game_id, hand.seat, hand.token
            )
        )

    async def outcomes(self, game_id: int) -> list[Outcome]:
        """Every move of the game as an outcome, first to last, rebuilt from the move log
        (none before the first move, or if the game's data is damaged)."""
        game, moves = await self._db.read(functools.partial(_with_moves, game_id=game_id))
        if not moves or game.broken is not None or game.first_seat is None:
            return []
        rules = _rules(game)
        state = _initial(game, rules)
        outcomes = []
        for move in moves:
            action = rules.action_from_json(json.loads(move.action))
            step = rules.apply(state, move.seat, action)
            after = replace(game, state=step.state)
            outcomes.append(Outcome(after, state, move.seat, action, step.events, step.turn_over))
            state = step.state
        return outcomes

    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        """The game's own thread; ``None`` when it plays in its channel (again)."""
        await self._db.statement(
            lambda connection: place_queries.set_message(
                connection, game_id, "thread_id", thread_id
            )
        )

    # Places gone ---------------------------------------------------------------

    async def games_showing(self, place_id: int, message_id: int) -> list[int]:
        """The open games whose lobby, table or ping in this channel or thread is
        ``message_id``."""
        return await self._db.read(
            lambda connection: place_queries.games_showing(connection, place_id, message_id)
        )

    async def forget_message(
        self, game_id: int, message_id: int, *, show_afresh: bool
    ) -> Game | None:
        """``message_id``, the game's lobby, table or ping, can't be edited any more (it was
        deleted, or its thread archived): recorded as none, so that the game's next show
        posts it anew. ``show_afresh``: the game counts as not shown until it is, when the
        message was what shows it (its table, or its lobby while it has none): nothing is
        left to edit nor to wait for. The game as it now stands; ``None`` if the message
        is no longer one of an open game's."""

        async def forgetting(connection: Connection) -> Game | None:
            game = await _load(connection, game_id)
            gone = [
                column
                for column in ("lobby_message_id", "turn_message_id", "ping_message_id")
                if getattr(game, column) == message_id
            ]
            if not game.status.is_open or not gone:
                return None
            for column in gone:
                if column == "ping_message_id":
                    await place_queries.set_ping(connection, game_id, None, ())
                else:
                    await place_queries.set_message(connection, game_id, column, None)
            showing = game.turn_message_id or game.lobby_message_id
            if show_afresh and showing == message_id:
                await place_queries.mark_unshown(connection, game_id)
            return await _load(connection, game_id)

        return await self._db.write(forgetting)

    async def leave_thread(self, game_id: int) -> Game:
        """The game's thread is gone, or locked to the bot: it plays in its channel from now
        on, its table and ping there forgotten and the game counting as not shown (nothing
        shows it where it now is). Refused with ``ChannelBusy`` when that channel has an
        open game of its own (a channel plays one game)."""

        async def leaving(connection: Connection) -> Game:
            game = await _load(connection, game_id)
            _require_open(game)
            await connection.lock("channel", game.channel_id)
            if await place_queries.channel_taken(connection, game.channel_id):
                raise ChannelBusy()
            for column in ("thread_id", "turn_message_id"):
                await place_queries.set_message(connection, game_id, column, None)
            await place_queries.set_ping(connection, game_id, None, ())
            await place_queries.mark_unshown(connection, game_id)
            return await _load(connection, game_id)

        return await self._db.write(leaving)

    async def close_place_gone(self, game_id: int) -> Game:
        """Ends an open game unrated because its place is gone (its channel deleted or
        locked, or its thread with no room left in its channel): its clock stops, and
        it counts as shown, as nothing could show it any more."""

        async def closing(connection: Connection, note: Written) -> Game:
            game = await _load(connection, game_id)
            _require_open(game)
            now = self._clock()
            await _save(connection, note, game, now, **_closed(EndReason.PLACE_GONE, now))
            closed = await _load(connection, game_id)
            await place_queries.mark_shown(connection, game_id, closed.version, {})
            return replace(closed, shown_version=closed.version)

        return await self._change(closing)

    async def game(self, game_id: int) -> Game:
        return await self._db.read(lambda connection: _load(connection, game_id))

    async def current_game(self, channel_id: int) -> Game | None:
        """The lobby or running game (of any kind) played in this channel or thread, or
        else the first one started from this channel into a thread of its own."""
        games = await self.games_here(channel_id)
        here = [g for g in games if channel_id in (g.place_id, g.thread_id)]
        return next(iter(here or games), None)

    async def games_here(self, channel_id: int, kind: str | None = None) -> list[Game]:
        """The lobbies and running games (of ``kind``, or any) in this channel or thread,
        or started from this channel into threads of their own, oldest first."""

        async def reading(connection: Connection) -> list[Game]:
            found = await place_queries.open_games_here(connection, channel_id, kind)
            return [await _load(connection, game_id) for game_id, _ in found]

        return await self._db.read(reading)

    async def active_game_ids(self, shards: Shards = EVERY) -> list[int]:
        """Every game being played, in any channel."""
        return await self._db.read(
            lambda connection: game_queries.active_game_ids(connection, shards)
        )

    async def moves(self, game_id: int) -> list[Move]:
        return await self._db.read(lambda connection: move_queries.load_moves(connection, game_id))

    async def results(self, game_id: int) -> list[Result]:
        return await self._db.read(
            lambda connection: result_queries.load_results(connection, game_id)
        )

    async def replay(self, game_id: int) -> Any:
        """The position rebuilt from the start by the move log (``None`` before the start)."""
        game, moves = await self._db.read(functools.partial(_with_moves, game_id=game_id))
        if game.first_seat is None:
            return None
        rules = _rules(game)
        state = _initial(game, rules)
        for move in moves:
            state = rules.apply(state, move.seat, rules.action_from_json(json.loads(move.action)))
            state = state.state
        return state

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
        await _save(
            connection, note, game, now, host_id=game.host_id if host_id is None else host_id
        )
        await game_queries.replace_seats(connection, game.id, seats, now)
        return await _load(connection, game.id)


def _human(player: Player) -> Seat:
    return Seat(0, player.user_id, None, player.display_name, 0)


def _bot(number: int, level: Level) -> Seat:
    return Seat(0, None, level, f"Bot {number} ({level})", 0)  # as BOT_NAME reads it


def _level(wanted: str) -> Level:
    """The level asked for (a command's option, a menu's value), or refused plainly."""
    if wanted not in BOT_LEVELS:
        raise IllegalMove(Message("a computer player is easy, normal or hard"))
    return Level(wanted)


def _bot_for(seat: Seat) -> Seat:
    """The computer player that takes over a human's seat, keeping their color and name."""
    assert seat.user_id is not None
    return Seat(
        seat.seat,
        None,
        TAKEOVER_LEVEL,
        seat.display_name + TAKEOVER_SUFFIX,
        seat.color,
        left_user_id=seat.user_id,
    )


def _take_over(game: Game, seat: Seat, now: float) -> dict[str, Any]:
    """The game's changes when ``seat`` passes to a computer player: the host role moves
    on, and with no human left the game closes."""
    humans = [s for s in game.seats if s.user_id is not None and s.seat != seat.seat]
    if not humans:
        return _closed(EndReason.ABANDONED, now)
    if seat.user_id == game.host_id:
        return {"host_id": humans[0].user_id}
    return {}


def _rules(game: Game) -> AnyRules:
    return rules_for(game.kind)


def _initial(game: Game, rules: AnyRules) -> Any:
    assert game.first_seat is not None
    return rules.start(len(game.seats), game.first_seat, game.options, game.setup)


def _options(rules: AnyRules, server: Options, asked: Mapping[str, Any]) -> dict[str, Any]:
    """A new game's options: what was asked, else the server's default, else the game's."""
    options: dict[str, Any] = {}
    for option in rules.options:
        value = asked.get(option.name)
        if value is None:
            value = server.get(option.name, option.default)
        try:
            options[option.name] = option.check(value)
        except BadOption as e:
            raise BadSetting(e.words) from None
    return options


def _results(game: Game, rules: AnyRules, final: Any, more: list[dict[str, int]]) -> list[Result]:
    """The final table. A seat a computer player took over counts for the human who left it."""
    results = []
    for standing in rules.standings(final):
        seat = game.seats[standing.seat]
        left = seat.left_user_id is not None
        results.append(
            Result(
                standing.seat,
                seat.left_user_id if left else seat.user_id,
                seat.display_name.removesuffix(TAKEOVER_SUFFIX) if left else seat.display_name,
                standing.won,
                standing.place,
                left,
                MappingProxyType({**standing.figures, **more[standing.seat]}),
            )
        )
    return results


async def _load(connection: Connection, game_id: int, where: Where | None = None) -> Game:
    """The game, refused unless it is played where the request comes from: a button's
    custom_id can be copied anywhere."""
    game = await game_queries.load_game(connection, game_id)
    if game is None:
        raise GameNotFound()
    if where is not None and where.kind is not None and where.kind != game.kind:
        raise NotThisGame()
    if where is not None and (
        where.guild_id != game.guild_id or where.channel_id not in (game.channel_id, game.thread_id)
    ):
        raise NotHere()
    return game


async def _with_moves(connection: Connection, *, game_id: int) -> tuple[Game, list[Move]]:
    return await _load(connection, game_id), await move_queries.load_moves(connection, game_id)


class _Logged(NamedTuple):
    """A game with its move log, results and rating changes, as one snapshot holds them."""

    game: Game
    moves: list[Move]
    results: list[Result]
    rating_changes: list[RatingChange]


class Overtaken(BoardMovedOn):
    """The game's row is no longer at the version a change was worked out on."""


async def _save(
    connection: Connection, note: Written, game: Game, now: float, **changes: Any
) -> None:
    if not await game_queries.update_game(connection, game, now, **changes):
        raise Overtaken()
    note.game_id, note.version, note.updated_at = game.id, game.version + 1, now


def _check_version(game: Game, version: int | None) -> None:
    """``None`` is a request that does not depend on what the caller saw (a slash command)."""
    if version is not None and version != game.version:
        raise BoardMovedOn()


def _require_open(game: Game) -> None:
    if not game.status.is_open:
        raise GameFinished(cancelled=game.status is GameStatus.CANCELLED)


def _closed(reason: EndReason, now: float) -> dict[str, Any]:
    """The changes that close an open game without a result."""
    return {
        "status": GameStatus.CANCELLED,
        "end_reason": reason,
        "finished_at": now,
        "deadline": None,
    }


def _require_due(game: Game, now: float) -> None:
    if game.deadline is None or game.deadline > now:
        raise BoardMovedOn()


def _require_lobby(game: Game, version: int | None) -> None:
    _require_open(game)
    if game.status is not GameStatus.LOBBY:
        raise AlreadyStarted()
    _check_version(game, version)


def _require_host(game: Game, actor: Actor) -> None:
    if actor.user_id != game.host_id:
        host = game.seat_of(game.host_id)
        raise NotHost(host.display_name if host else "the host")


def _playing(game: Game) -> Any:
    _require_open(game)
    if game.status is GameStatus.LOBBY:
        raise NotStarted()
    if game.broken is not None:
        log.warning("game %s is damaged: %s", game.id, game.broken)
        raise GameBroken(None)
    assert game.state is not None
    return game.state


def _check_decision(game: Game, state: Any, seat: Seat, key: int) -> None:
    rules = _rules(game)
    if not isinstance(rules, HiddenInformation) or rules.decision_key(state, seat.seat) != key:
        raise BoardMovedOn()


def _seat_to_move(game: Game, state: Any, actor: Actor) -> Seat:
    acting = [game.seats[n] for n in _rules(game).to_act(state)]
    if not acting:
        raise GameFinished(cancelled=False)
    if actor.user_id is None:
        bot = next((s for s in acting if s.is_bot), None)
        if bot is not None:
            return bot
        raise NotYourTurn(acting[0].display_name)
    seat = game.seat_of(actor.user_id)
    if seat is None:
        raise NotInGame()
    if seat not in acting:
        raise NotYourTurn(acting[0].display_name)
    return seat
