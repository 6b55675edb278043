"""A game's past moves, rebuilt from its move log: its last move as an outcome (to show a
change whose message never went out), all of them (a replay, the log), the position."""

from __future__ import annotations

import functools
import json
from collections import OrderedDict
from dataclasses import replace
from typing import Any, NamedTuple

from bot.games.outcome import Outcome
from bot.service.game_loading import (
    game_rules,
    initial_state,
    load_game,
    move_outcome,
    with_moves,
)
from bot.storage import move_queries, rating_queries, result_queries
from bot.storage.connection import Connection
from bot.storage.database import Database
from bot.storage.game_rows import forget_position
from bot.storage.move_queries import UndoneRun
from bot.storage.records import Game, Move, RatingChange, Result

KEPT_LAST_MOVES = 10_000
"""Games whose last move is kept in memory, the least recently moved dropped first."""


class PastMoves:
    """A game's past as its move log tells it: the moves, the outcomes rebuilt from them, the
    last one, the results."""

    def __init__(self, database: Database) -> None:
        self._db = database
        self._last_moves: OrderedDict[int, Outcome] = OrderedDict()
        """Each game's last move made here, as committed: ``last_outcome`` without
        replaying the game."""
        self._moved_at: dict[int, tuple[int, dict[int, float]]] = {}
        """Per game, when each seat last moved as of the move that made a version (the
        log read once, then the moves made here added)."""

    def made(self, move: Outcome) -> None:
        """A move was committed here: the game's last, until the next."""
        game = move.game
        self._last_moves[game.id] = move
        self._last_moves.move_to_end(game.id)
        while len(self._last_moves) > KEPT_LAST_MOVES:
            self._last_moves.popitem(last=False)
        # The seats' last moves follow on from those known at the move before it.
        known = self._moved_at.pop(game.id, None)
        if known is not None and known[0] == game.version - 1 and game.moved_version:
            self._moved_at[game.id] = (game.version, {**known[1], move.seat: game.updated_at})

    def forget(self, game_id: int) -> None:
        """The game is over and shown: its last move, its seats' and its position are read
        from the database if ever asked for again. Kept, every game a bot ever finished
        would stay in memory until thousands more had."""
        self._last_moves.pop(game_id, None)
        self._moved_at.pop(game_id, None)
        forget_position(game_id)

    async def last_outcome(self, game_id: int, game: Game | None = None) -> Outcome | None:
        """The game's last move as an outcome, to show a change whose message never went
        out, or what it showed a seat alone (a card drawn face down); ``None`` before the
        first move (or if the game's data is damaged). The move as this process made it,
        when it is the game's last (``game``: the game as just read, which spares reading
        it again); else rebuilt from the move log."""
        made = self._last_moves.get(game_id)
        if _made_last(made, game):
            assert made is not None and game is not None
            return replace(made, game=game)

        async def reading(connection: Connection) -> Outcome | _Logged:
            game = await load_game(connection, game_id)
            if made is not None and game.moved_version == made.game.version and not game.broken:
                return replace(made, game=game)
            return _Logged(
                game,
                await move_queries.load_moves(connection, game_id),
                await result_queries.load_results(connection, game_id),
                await rating_queries.rating_changes(connection, game_id),
            )

        logged = await self._db.read(reading)
        if isinstance(logged, Outcome):
            return logged
        game, moves, results, rating_changes = logged
        if not moves or game.broken is not None or game.first_seat is None:
            return None
        rules = game_rules(game)
        state = initial_state(game, rules)
        for move in moves[:-1]:
            state = rules.apply(
                state, move.seat, rules.action_from_json(json.loads(move.action))
            ).state
        return replace(
            move_outcome(game, rules, state, moves[-1]),
            game=game,
            results=tuple(results),
            rating_changes=tuple(rating_changes),
        )

    async def last_moved(self, game: Game) -> dict[int, float]:
        """When each seat of the game last moved, by seat: as the moves made here since
        the log was last read tell it, while they are the game's last."""
        known = self._moved_at.get(game.id)
        if known is not None and known[0] == game.moved_version:
            return known[1]
        moved = await self._db.read(lambda connection: move_queries.last_moved(connection, game.id))
        if game.moved_version is not None:
            self._moved_at[game.id] = (game.moved_version, moved)
            while len(self._moved_at) > KEPT_LAST_MOVES:
                self._moved_at.pop(next(iter(self._moved_at)))
        return moved

    async def outcomes(self, game_id: int) -> list[Outcome]:
        """Every move of the game as an outcome, first to last, rebuilt from the move log
        (none before the first move, or if the game's data is damaged)."""
        game, moves = await self._db.read(functools.partial(with_moves, game_id=game_id))
        if not moves or game.broken is not None or game.first_seat is None:
            return []
        rules = game_rules(game)
        state = initial_state(game, rules)
        outcomes = []
        for move in moves:
            outcome = move_outcome(game, rules, state, move)
            outcomes.append(outcome)
            state = outcome.game.state
        return outcomes

    async def logged(self, game_id: int) -> list[tuple[Outcome, bool]]:
        """Every move of the game's log as an outcome, first to last, each with whether a
        take-back undid it: a move made after a take-back follows on from the position
        before the moves it undid (none before the first move, or if the game's data is
        damaged)."""

        async def reading(connection: Connection) -> tuple[Game, list[Move], list[UndoneRun]]:
            return (
                await load_game(connection, game_id),
                await move_queries.load_logged_moves(connection, game_id),
                await move_queries.undone_runs(connection, game_id),
            )

        game, moves, granted = await self._db.read(reading)
        if not moves or game.broken is not None or game.first_seat is None:
            return []
        rules = game_rules(game)
        standing: list[tuple[int, Any]] = [(0, initial_state(game, rules))]
        logged = []
        for move in moves:
            # The take-backs granted before this move was made: theirs is a suffix of the
            # moves that stood then.
            while granted and granted[0].last_seq < move.seq:
                undone = granted.pop(0)
                standing = [(seq, state) for seq, state in standing if seq < undone.first_seq]
            outcome = move_outcome(game, rules, standing[-1][1], move)
            logged.append((outcome, move.taken_back is not None))
            standing.append((move.seq, outcome.game.state))
        return logged

    async def moves(self, game_id: int) -> list[Move]:
        """The game's move log, oldest first."""
        return await self._db.read(lambda connection: move_queries.load_moves(connection, game_id))

    async def results(self, game_id: int) -> list[Result]:
        """The final table of a finished game, seat by seat."""
        return await self._db.read(
            lambda connection: result_queries.load_results(connection, game_id)
        )

    async def replay(self, game_id: int) -> Any:
        """The position rebuilt from the start by the move log (``None`` before the start)."""
        game, moves = await self._db.read(functools.partial(with_moves, game_id=game_id))
        if game.first_seat is None:
            return None
        rules = game_rules(game)
        state = initial_state(game, rules)
        for move in moves:
            state = rules.apply(state, move.seat, rules.action_from_json(json.loads(move.action)))
            state = state.state
        return state


def _made_last(made: Outcome | None, game: Game | None) -> bool:
    """Whether ``made`` is the last move of ``game`` as read (which is whole)."""
    if made is None or game is None or game.broken:
        return False
    return game.moved_version == made.game.version


class _Logged(NamedTuple):
    """A game with its move log, results and rating changes, as one snapshot holds them."""

    game: Game
    moves: list[Move]
    results: list[Result]
    rating_changes: list[RatingChange]
