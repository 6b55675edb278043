"""A running game's moves: a seat's press, the time-out rule at a turn's deadline (a
human's second in a row handing their seat to a computer player), a computer player that
could not decide stood in for, and a move made for a player who is away. Each move is
applied by the game's rules and written with its move-log entry, and the game's results
and ratings with the move that ends it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.games.drawn_dice import Tape
from bot.games.outcome import Outcome
from bot.games.rules import IllegalIntent
from bot.service.errors import BoardMovedOn, IllegalMove
from bot.service.game_changes import GameChanges
from bot.service.game_checks import (
    check_decision,
    check_version,
    playing,
    require_due,
    seat_to_move,
)
from bot.service.game_loading import Actor, game_rules, load_for, load_game
from bot.service.game_parts import bot_for, results_of, take_over, turn_figures
from bot.service.game_writes import Written, save_game
from bot.service.time_away import new_turn_clock, stands_in
from bot.storage import game_queries, move_queries, rating_queries, result_queries
from bot.storage.connection import Connection
from bot.storage.records import FinishedTable, Game, GameStatus, RatingChange, Result, Seat

TIME_OUTS_BEFORE_TAKEOVER = 2


class TurnChanges:
    """A running game's moves, whoever makes them: a player, the deadline, a computer player.
    The game service holds them (``GameService.turns``) rather than being them: they share
    only its write transaction, dice, clock and hooks, which they reach through it."""

    def __init__(self, core: GameChanges) -> None:
        self._core = core

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

        # One trip to the database: the game is read, the move worked out and written in
        # one write transaction, which holds the game from the read on (SQLite's write
        # lock, PostgreSQL's row lock): nothing can overtake the move meanwhile, and a
        # press on a version the game moved past is refused as stale.
        async def moving(connection: Connection, note: Written) -> Outcome:
            game = await load_for(connection, game_id, actor)
            state = playing(game)
            seat = seat_to_move(game, state, actor)
            if key is None:
                check_version(game, version)
            else:
                check_decision(game, state, seat, key)
            return await self._move(
                connection, note, game=game, state=state, seat=seat, intent=intent
            )

        return await self._core.change(moving)

    async def time_out(self, game_id: int, version: int) -> Outcome:
        """Plays the game's time-out rule for the seat whose deadline passed (the first of
        them, when several must act; the others' turn stays due). A human's second
        time-out in a row hands their seat to a computer player."""

        async def timing_out(connection: Connection, note: Written) -> Outcome:
            game = await load_game(connection, game_id)
            state = playing(game)
            check_version(game, version)
            now = self._core.clock()
            require_due(game, now)
            rules = game_rules(game)
            seat = game.seats[rules.to_act(state)[0]]
            changes: dict[str, Any] = {}
            took_over = None
            if not seat.is_bot:
                seat = replace(seat, timeouts=seat.timeouts + 1)
                if seat.timeouts >= TIME_OUTS_BEFORE_TAKEOVER:
                    changes = take_over(game, seat, now)
                    # Time away the server allows is never held against anyone.
                    if not seat.away_at(now):
                        assert seat.user_id is not None
                        await self._core.hooks.seat_left(connection, game, seat.user_id, now)
                    took_over = seat = bot_for(seat)
                await game_queries.update_seat(connection, game.id, seat)
            action = rules.time_out(state, seat.seat)
            outcome = await self._commit(
                connection, note, game, state, seat, action, now, changes, by_clock=True
            )
            # Kept as the game's last move with the takeover, which its table shows once
            # the game is let go (the move log doesn't say it).
            note.move = replace(outcome, took_over=took_over)
            return note.move

        return await self._core.change(timing_out)

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
                connection, note, game, state, seat, action, self._core.clock(), {}
            )
            note.move = replace(outcome, stood_in=True)
            return note.move

        return await self._core.change(standing_in)

    async def act_for_away(self, game_id: int, version: int, intent: str) -> Outcome:
        """Plays ``intent`` for the seat to act whose player is away while a computer
        player stands in for them (their server's choice), marked as the stand-in's."""

        async def moving(connection: Connection, note: Written) -> Outcome:
            game = await load_game(connection, game_id)
            state = playing(game)
            check_version(game, version)
            now = self._core.clock()
            to_act = game_rules(game).to_act(state)
            seat = next((game.seats[n] for n in to_act if stands_in(game.seats[n], now)), None)
            if seat is None:
                raise BoardMovedOn()  # they are back, or it is someone else's turn now
            return await self._move(
                connection,
                note,
                game=game,
                state=state,
                seat=seat,
                intent=intent,
                for_away=True,
            )

        # One trip, holding the game, as ``act``.
        return await self._core.change(moving)

    async def _move(
        self,
        connection: Connection,
        note: Written,
        *,
        game: Game,
        state: Any,
        seat: Seat,
        intent: str,
        for_away: bool = False,
    ) -> Outcome:
        """What ``intent`` means for ``seat`` now, played: any chance it needs drawn from
        the draws a feature kept for this point (a roll taken back), or drawn afresh."""
        tape = Tape(self._core.dice, await self._core.hooks.draws_kept(connection, game, seat.seat))
        action = _worked_out(game, state, seat, intent, tape)
        if seat.timeouts:
            seat = replace(seat, timeouts=0)
            await game_queries.update_seat(connection, game.id, seat)
        return await self._commit(
            connection,
            note,
            game,
            state,
            seat,
            action,
            self._core.clock(),
            {},
            for_away=for_away,
            draws=tape.record(),
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
        by_clock: bool = False,
        draws: str | None = None,
    ) -> Outcome:
        """Applies the action and writes it; ``seat`` is the mover's seat as now stored
        (``for_away``: a computer player moves for its player, who is away; ``by_clock``:
        the clock moves for its quiet player)."""
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
            connection,
            game.id,
            seat.seat,
            rules.action_to_json(action),
            now,
            stand_in=for_away,
            by_clock=by_clock,
            draws=draws,
        )
        seats = tuple(seat if s.seat == seat.seat else s for s in game.seats)
        results: list[Result] = []
        rating_changes: list[RatingChange] = []
        if over:
            seated = replace(game, seats=seats)
            moves = await move_queries.load_moves(connection, game.id)
            results = results_of(seated, rules, step.state, turn_figures(seated, moves))
            await result_queries.write_results(connection, seated, results)
            table = FinishedTable(
                game.id, game.kind, game.guild_id, ordered["finish_seq"], now, tuple(results)
            )
            await self._core.hooks.results_written(connection, table)
            await self._core.hooks.finished(connection, seated, now)
            # The ratings it moved (a feature counts them in its hook), for its result card.
            rating_changes = await rating_queries.rating_changes(connection, game.id)
        # What was just written, without reading it back: the hot path of every press (one
        # copy of the game, each of its fields copied by ``replace``).
        stored = replace(game, seats=seats, version=game.version + 1, updated_at=now, **changes)
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


def _worked_out(game: Game, state: Any, seat: Seat, intent: str, tape: Tape) -> Any:
    """The action ``intent`` means for ``seat`` now, drawing any chance from ``tape``."""
    try:
        return game_rules(game).action(state, seat.seat, intent, tape)
    except IllegalIntent as e:
        raise IllegalMove(e.words) from None
