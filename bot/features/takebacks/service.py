"""Taking a move back. A player takes back their own last move that still stands, and
every move after it: at once when that move is the game's last and showed nothing (no
die rolled, no card drawn or shown); otherwise the other people playing must all agree
(one refusal ends the request, and it expires as soon as the game moves on). Whether a
game allows it is its server's choice: never, only in games that will not be rated, or
always.

The move log never changes: a take-back is a row of its own naming the moves it undid,
and the game as played is the moves that stand. The chance a move drew is kept, so that
a roll taken back comes back the same at that point of the game (``takeback_dice``).

Each step is one transaction holding the game's take-backs (``lock``), and the undo is
a compare-and-set on the version the request was asked at: two agreements at once, in
any process, undo once, and a move made meanwhile expires the request instead.

A game keeps the take-backs its server allowed when it started. A move the clock made
for its quiet player (a time-out), or a computer player for someone away, is not theirs
to take back. Taking a move back never buys time: within the asker's own turn its clock
runs on as it was; a turn that had passed to others comes back with the time it had
left when it passed.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from bot.features.takebacks import queries as takeback_queries
from bot.features.takebacks.errors import (
    NoSuchTakeback,
    NothingToTakeBack,
    NotYourMove,
    NotYoursToAnswer,
    TakebackAnswered,
    TakebackAsked,
    TakebackOver,
    TakebacksOff,
)
from bot.features.takebacks.queries import Takeback
from bot.features.takebacks.settings import TAKEBACKS, TakebackMode
from bot.features.takebacks.states import TakebackState
from bot.games.outcome import Outcome
from bot.games.rules import hides, solo
from bot.service.board_actions import Asked, Offered
from bot.service.errors import GameBroken, NotInGame
from bot.service.feature_service import FeatureService
from bot.service.game_checks import check_version, playing
from bot.service.game_loading import (
    Actor,
    game_rules,
    initial_state,
    load_for,
    load_game,
    move_outcome,
)
from bot.service.game_writes import Overtaken, Written, save_game
from bot.service.time_away import turn_clock_left
from bot.storage import move_queries, settings_queries
from bot.storage.connection import Connection
from bot.storage.ratings import MIN_RATED_SIDES
from bot.storage.records import Game, GameStatus, Move
from bot.storage.shards import Shards

if TYPE_CHECKING:
    from bot.service.game_changes import GameChanges


KEPT_ALLOWANCES = 10_000
"""Running games whose allowance is kept in memory (it never changes once a game runs),
the least recently asked dropped first."""


class Allowed:
    """Whether a game allows take-backs, as its server's setting and its seats say."""

    YES = "yes"
    RATED = "rated"
    """Off: the server allows them in unrated games only, and this one will be rated."""
    OFF = "off"
    """Off on the whole server."""


def rated(game: Game) -> bool:
    """Whether the game, as now seated, will be rated: people on two sides at least (in a
    lobby too few for a game, each person a side)."""
    rules = game_rules(game)
    players = len(game.seats)
    fits = rules.min_players <= players <= rules.max_players
    teams = rules.teams(players) if fits else solo(players)
    # A seat taken over counts as the person who left it, as the ladder counts it.
    people = sum(
        any(
            seat < len(game.seats)
            and (not game.seats[seat].is_bot or game.seats[seat].left_user_id is not None)
            for seat in team
        )
        for team in teams
    )
    return people >= MIN_RATED_SIDES


def allowed(game: Game, mode: TakebackMode) -> str:
    """Whether ``game`` allows take-backs where they are ``mode`` (``Allowed``)."""
    if mode is TakebackMode.NEVER:
        return Allowed.OFF
    if mode is TakebackMode.UNRATED and rated(game):
        return Allowed.RATED
    return Allowed.YES


async def mode_of(connection: Connection, game: Game) -> TakebackMode:
    """The take-backs ``game`` allows: as its server chose when it started (its server's
    now for a lobby, and for a game started before games kept them)."""
    kept = None if game.started_at is None else await takeback_queries.mode_of(connection, game.id)
    if kept is not None:
        return kept
    return TAKEBACKS.of(await settings_queries.guild_settings(connection, game.guild_id))


def others_of(game: Game, asker: int) -> tuple[int, ...]:
    """The people who answer ``asker``'s request: everyone else still playing a seat."""
    people = (seat.user_id for seat in game.seats if seat.user_id not in (None, asker))
    return tuple(dict.fromkeys(user for user in people if user is not None))


@dataclass(frozen=True)
class TakebackNow:
    """A take-back as it now stands: the game, the request, the moves it undoes, whom it
    asks, and whether this step undid them (the table must show the game again)."""

    game: Game
    takeback: Takeback
    moves: tuple[Outcome, ...]
    """The moves it undoes (or undid), first to last."""
    asked: tuple[int, ...]
    """The people who answer it."""
    undid: bool = False
    expired: bool = False
    """This step found the game moved on and ended the request."""


class TakebackService(FeatureService):
    """Moves taken back."""

    def __init__(self, core: GameChanges) -> None:
        super().__init__(core)
        self._allowances: OrderedDict[int, str] = OrderedDict()

    async def take_back(
        self, game_id: int, actor: Actor, channel_id: int, version: int | None = None
    ) -> TakebackNow:
        """``actor`` takes back their last move that stands and every move since, as the
        game stood at ``version`` (what the presser saw; a second press of one table
        takes back nothing more): at once when it was the game's last, showed nothing
        and left them to act (or nobody else plays), else as a request the others
        answer, shown in ``channel_id``."""
        assert actor.user_id is not None
        user = actor.user_id

        async def taking(connection: Connection, note: Written) -> Takeback:
            await connection.lock("takeback", game_id)
            game = await load_for(connection, game_id, actor)
            playing(game)
            seat = game.seat_of(user)
            if seat is None:
                raise NotInGame()
            allowance = allowed(game, await mode_of(connection, game))
            if allowance != Allowed.YES:
                raise TakebacksOff(rated=allowance == Allowed.RATED)
            latest = await takeback_queries.latest(connection, game_id)
            now = self._clock()
            if latest is not None and latest.state is TakebackState.ASKED:
                if latest.version == game.version:
                    raise TakebackAsked(own=latest.asked_by == user)
                await takeback_queries.end(
                    connection, game_id, latest.number, TakebackState.EXPIRED, now
                )
            check_version(game, version)
            moves = await move_queries.load_moves(connection, game_id)
            seats_moves = [n for n, move in enumerate(moves) if move.seat == seat.seat]
            if not seats_moves:
                raise NothingToTakeBack()
            last = moves[seats_moves[-1]]
            if not last.own:
                raise NotYourMove(by_clock=last.by_clock)
            first = seats_moves[-1]
            draws = await takeback_queries.move_draws(connection, game_id, moves[first].seq)
            span = moves[first:]
            revealed = hides(game_rules(game)) or any(move.seq in draws for move in span)
            # Free only within the asker's own turn, and on its clock: a move that passed
            # the turn is the next player's too, and taking back never buys time.
            own_turn = seat.seat in game_rules(game).to_act(game.state)
            free = len(span) == 1 and not revealed and own_turn
            at_once = free or not others_of(game, user)
            takeback = Takeback(
                game_id=game_id,
                number=await takeback_queries.next_number(connection, game_id),
                asked_by=user,
                seat=seat.seat,
                first_seq=span[0].seq,
                last_seq=span[-1].seq,
                version=game.version,
                revealed=revealed,
                channel_id=channel_id,
                message_id=None,
                asked_at=now,
                ended_at=now if at_once else None,
                state=TakebackState.GRANTED if at_once else TakebackState.ASKED,
            )
            await takeback_queries.add(connection, takeback)
            if at_once:
                await self._undo(connection, note, game, moves, first, draws, now, own_turn)
            return takeback

        takeback = await self._change(taking)
        return await self._now(takeback, undid=takeback.state is TakebackState.GRANTED)

    async def answer_takeback(
        self, game_id: int, number: int, actor: Actor, agreed: bool
    ) -> TakebackNow:
        """``actor``'s answer to the game's request ``number``: the moves are undone once
        everyone asked agreed; one refusal ends it (the asker's own: they withdraw it). A
        request whose game moved on ends as expired (``TakebackNow.expired``)."""
        assert actor.user_id is not None
        user = actor.user_id

        async def answering(connection: Connection, note: Written) -> tuple[Takeback, bool]:
            await connection.lock("takeback", game_id)
            game = await load_for(connection, game_id, actor)
            if game.broken is not None:
                # Its moves can't be replayed to undo them.
                raise GameBroken(None)
            takeback = await takeback_queries.takeback(connection, game_id, number)
            if takeback is None:
                raise NoSuchTakeback()
            # Their own request's asker may only withdraw it (a refusal of their own).
            if user == takeback.asked_by and agreed:
                raise NotYoursToAnswer(asker=True)
            if game.seat_of(user) is None:
                raise NotInGame()
            if takeback.state is not TakebackState.ASKED:
                raise TakebackOver(str(takeback.state))
            now = self._clock()
            if game.version != takeback.version or game.status is not GameStatus.ACTIVE:
                await takeback_queries.end(connection, game_id, number, TakebackState.EXPIRED, now)
                return replace(takeback, state=TakebackState.EXPIRED), False
            if user not in (takeback.asked_by, *others_of(game, takeback.asked_by)):
                raise NotYoursToAnswer(asker=False)
            if user in takeback.answers:
                raise TakebackAnswered(takeback.answers[user])
            await takeback_queries.answer(connection, game_id, number, user, agreed, now)
            answers = {**takeback.answers, user: agreed}
            if not agreed:
                await takeback_queries.end(connection, game_id, number, TakebackState.REFUSED, now)
            elif all(answers.get(other) for other in others_of(game, takeback.asked_by)):
                moves = await move_queries.load_moves(connection, game_id)
                first = next(n for n, move in enumerate(moves) if move.seq == takeback.first_seq)
                await takeback_queries.end(connection, game_id, number, TakebackState.GRANTED, now)
                draws = await takeback_queries.move_draws(connection, game_id, takeback.first_seq)
                own_turn = takeback.seat in game_rules(game).to_act(game.state)
                await self._undo(connection, note, game, moves, first, draws, now, own_turn)
                return takeback, True
            return takeback, False

        try:
            before, undid = await self._change(answering)
        except Overtaken:
            # A move came first: the request is over, as the game moved on.
            return await self._expire_one(game_id, number)
        current = await self._now(before, undid=undid)
        return replace(current, expired=before.state is TakebackState.EXPIRED)

    async def expire_takebacks(self, game: Game) -> list[TakebackNow]:
        """Ends the requests of ``game`` (as just shown) asked at a version it has moved
        past (or once it is over), each once, whichever process looks."""

        def newest(game: Game) -> int:
            return game.version + (0 if game.status is GameStatus.ACTIVE else 1)

        # A read of one index first: every show of every game asks, and almost none has
        # a request.
        if not await self._db.read(
            lambda connection: takeback_queries.asked_before(connection, newest(game), game.id)
        ):
            return []

        async def expiring(connection: Connection) -> list[int]:
            await connection.lock("takeback", game.id)
            stored = await load_game(connection, game.id)
            numbers = await takeback_queries.asked_before(connection, newest(stored), game.id)
            now = self._clock()
            return [
                number
                for number in numbers
                if await takeback_queries.end(
                    connection, game.id, number, TakebackState.EXPIRED, now
                )
            ]

        expired = await self._db.write(expiring)
        return [replace(await self._request(game.id, number), expired=True) for number in expired]

    async def takeback_allowance(self, game: Game) -> str:
        """Whether ``game`` allows take-backs (``Allowed``): as its server chose when it
        started (kept here for a running game, as every show of it asks), or, for a
        lobby, as its server chooses now."""
        kept = self._allowances.get(game.id) if game.status is GameStatus.ACTIVE else None
        if kept is None:
            mode = await self._db.read(lambda connection: mode_of(connection, game))
            kept = allowed(game, mode)
        if game.status is not GameStatus.ACTIVE:
            self._allowances.pop(game.id, None)
            return kept
        self._allowances[game.id] = kept
        self._allowances.move_to_end(game.id)
        while len(self._allowances) > KEPT_ALLOWANCES:
            self._allowances.popitem(last=False)
        return kept

    async def takeback_offered(self, game: Game, user_id: int) -> Offered:
        """The board offers **Take back** to the players of a running game that allows
        take-backs, as the table does."""
        if game.status is not GameStatus.ACTIVE or game.seat_of(user_id) is None:
            return Offered.NOT
        if await self.takeback_allowance(game) != Allowed.YES:
            return Offered.NOT
        return Offered.ENABLED

    async def takeback_asked(self, asked: Asked) -> TakebackNow:
        """**Take back** on the board, as the game stood in the viewer's view: as its
        press under the table (``take_back``)."""
        return await self.take_back(asked.game_id, asked.actor, asked.channel_id, asked.version)

    async def unposted_takebacks(self, shards: Shards) -> list[tuple[int, int]]:
        """(game, number) of ``shards``' requests still asked whose message a stop left
        unposted."""
        return await self._db.read(lambda connection: takeback_queries.unposted(connection, shards))

    async def takebacks_ended_before(self, game: Game) -> list[Takeback]:
        """The game's requests that ended and were asked before it stood as now, whose
        message is still there: cleared away once the game moved on."""
        return await self._db.read(
            lambda connection: takeback_queries.ended_before(connection, game.id, game.version)
        )

    async def logged_moves(self, game_id: int) -> list[Move]:
        """The game's whole move log, each move a take-back undid marked with it."""
        return await self._db.read(
            lambda connection: move_queries.load_logged_moves(connection, game_id)
        )

    async def takeback(self, game_id: int, number: int) -> TakebackNow:
        """The game's take-back ``number`` as it stands."""
        return await self._request(game_id, number)

    async def takeback_shown(self, game_id: int, number: int, message_id: int | None) -> None:
        """The request is shown in ``message_id`` (``None``: cleared away)."""
        await self._db.write(
            lambda connection: takeback_queries.set_message(connection, game_id, number, message_id)
        )

    async def _expire_one(self, game_id: int, number: int) -> TakebackNow:
        async def expiring(connection: Connection) -> bool:
            await connection.lock("takeback", game_id)
            return await takeback_queries.end(
                connection, game_id, number, TakebackState.EXPIRED, self._clock()
            )

        ended = await self._db.write(expiring)
        now = await self._request(game_id, number)
        if not ended:
            raise TakebackOver(str(now.takeback.state))
        return replace(now, expired=True)

    async def _undo(
        self,
        connection: Connection,
        note: Written,
        game: Game,
        moves: list[Move],
        first: int,
        draws: dict[int, str],
        now: float,
        keep_clock: bool,
    ) -> None:
        """Undoes ``moves[first:]`` (the request is written granted already): the game goes
        back to the position before them, and the chance they drew is kept for their points
        of the game. Its clock never gains: the turn's clock runs on as it was where the
        asker's turn still runs (``keep_clock``), else the turn comes back with the time it
        had left when the first of those moves passed it on."""
        rules = game_rules(game)
        state = initial_state(game, rules)
        began = game.started_at if game.started_at is not None else now
        for move in moves[:first]:
            step = rules.apply(state, move.seat, rules.action_from_json(json.loads(move.action)))
            state = step.state
            if step.turn_over:
                began = move.at
        passed = now
        replayed = state
        for move in moves[first:]:
            step = rules.apply(replayed, move.seat, rules.action_from_json(json.loads(move.action)))
            replayed = step.state
            if step.turn_over:
                passed = move.at
                break
        for ply, move in enumerate(moves[first:], start=first):
            if move.seq in draws:
                await takeback_queries.keep_dice(
                    connection, game.id, ply, move.seat, draws[move.seq]
                )
        left = max(0.0, began + game.turn_timeout - passed)
        # No move made this version: the table's last move is read from the log again.
        await save_game(
            connection,
            note,
            game,
            now,
            state=state,
            moved_version=None,
            **({} if keep_clock else turn_clock_left(game, state, now, left)),
        )

    async def _now(self, takeback: Takeback, *, undid: bool = False) -> TakebackNow:
        if undid:
            # The turn's clock began anew, maybe before every deadline the watch knows.
            self.core.deadline_moved_earlier.set()
        now = await self._request(takeback.game_id, takeback.number)
        return replace(now, undid=undid)

    async def _request(self, game_id: int, number: int) -> TakebackNow:
        """The request with its game and the moves it undoes, as words can be made of them."""

        async def reading(
            connection: Connection,
        ) -> tuple[Game, Takeback | None, list[Move], list[Takeback]]:
            return (
                await load_game(connection, game_id),
                await takeback_queries.takeback(connection, game_id, number),
                await move_queries.load_logged_moves(connection, game_id),
                await takeback_queries.granted(connection, game_id),
            )

        game, takeback, logged, granted = await self._db.read(reading)
        if takeback is None:
            raise NoSuchTakeback()
        return TakebackNow(
            game,
            takeback,
            tuple(undone_moves(game, takeback, logged, granted)),
            others_of(game, takeback.asked_by),
        )


def undone_moves(
    game: Game, takeback: Takeback, logged: list[Move], granted: list[Takeback]
) -> list[Outcome]:
    """The moves ``takeback`` undoes, as outcomes: the log replayed as it stood when it was
    asked (without what earlier take-backs undid)."""
    earlier = {
        seq
        for other in granted
        if other.number < takeback.number
        for seq in range(other.first_seq, other.last_seq + 1)
    }
    rules = game_rules(game)
    state = initial_state(game, rules)
    outcomes: list[Outcome] = []
    for move in logged:
        if move.seq in earlier or move.seq > takeback.last_seq:
            continue
        outcome = move_outcome(game, rules, state, move)
        if move.seq >= takeback.first_seq:
            outcomes.append(outcome)
        state = outcome.game.state
    return outcomes
