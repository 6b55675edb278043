"""A game started at once, with no lobby to wait in: a rematch's, a tournament's table.
It is numbered, seated and dealt as a lobby's start would, in the caller's transaction."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.games.registry import rules_for
from bot.service.game_hooks import GameHooks
from bot.service.game_loading import load_game
from bot.service.game_writes import Written, save_game
from bot.service.time_away import new_turn_clock
from bot.storage import game_queries
from bot.storage.connection import Connection
from bot.storage.game_queries import NewGame
from bot.storage.records import Game, GameStatus, Seat


async def start_at_once(
    connection: Connection,
    note: Written,
    game: NewGame,
    seats: Sequence[Seat],
    first: int,
    dice: random.Random,
    now: float,
    hooks: GameHooks,
) -> Game:
    """The game, started with ``seats`` (``first`` to play) in the caller's transaction,
    the features told (``hooks``)."""
    game_id = await game_queries.insert_game(connection, game, now, now)
    await game_queries.replace_seats(connection, game_id, seats, now)
    return await deal_and_start(
        connection, note, await load_game(connection, game_id), first, dice, now, hooks
    )


async def deal_and_start(
    connection: Connection,
    note: Written,
    lobby: Game,
    first: int,
    dice: random.Random,
    now: float,
    hooks: GameHooks,
) -> Game:
    """The seated ``lobby`` dealt and started (``first`` to play) in the caller's
    transaction, the features told (``hooks``): a lobby's start, and a game started at
    once."""
    players = len(lobby.seats)
    rules = rules_for(lobby.kind)
    setup = rules.deal(players, lobby.options, dice)
    state = rules.start(players, first, lobby.options, setup)
    await save_game(
        connection,
        note,
        lobby,
        now,
        status=GameStatus.ACTIVE,
        state=state,
        setup=setup,
        first_seat=first,
        started_at=now,
        **new_turn_clock(lobby, state, now),
    )
    await hooks.started(connection, lobby, now)
    return await load_game(connection, lobby.id)
