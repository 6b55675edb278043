"""The two servers whose whole history the tests that compare two readings of a database
(one copied, or upgraded, from the other) play, and everything both tests read back of
it alike: the games, the ladders and the servers' settings."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.features.ladder.service import LadderService
from bot.games.outcome import Outcome
from bot.games.registry import rules_for
from bot.service import GameService, GuildSettingsService
from bot.storage import Database, Game, GuildSettings, Move, RatingChange, Result
from tests.bot.readings import Ladder, game_ids, read_ladder

HOME, AWAY = 10, 11
"""The two servers."""


@dataclass(frozen=True)
class Ladders:
    """The results and what the ladders made of them."""

    results: dict[int, list[Result]]
    rating_changes: dict[int, list[RatingChange]]
    per_game: dict[tuple[int, str], Ladder]
    """Per server and game."""


async def read_ladders(database: Database, kinds: Iterable[str]) -> Ladders:
    """Every game's results and rating changes, and both servers' ladders of ``kinds``."""
    service = GameService(database)
    ladder = service.part(LadderService)
    ids = await game_ids(database)
    return Ladders(
        results={i: await service.history.results(i) for i in ids},
        rating_changes={i: await ladder.rating_changes(i) for i in ids},
        per_game={
            (guild, kind): await read_ladder(ladder, guild, kind)
            for guild in (HOME, AWAY)
            for kind in kinds
        },
    )


async def read_settings(database: Database) -> dict[int, GuildSettings]:
    """Both servers' settings."""
    return {guild: await GuildSettingsService(database).get(guild) for guild in (HOME, AWAY)}


@dataclass(frozen=True)
class Reading:
    """Everything the bot can read of a database's games, ladders and settings."""

    games: dict[int, Game]
    moves: dict[int, list[Move]]
    positions: dict[int, list[Any]]
    """Every position each move log passes through, from the start."""
    replays: dict[int, Any]
    last_outcomes: dict[int, Outcome | None]
    ladders: Ladders
    settings: dict[int, GuildSettings]


def positions(game: Game, moves: list[Move]) -> list[Any]:
    """The position before the first move and after each."""
    if game.first_seat is None:
        return []
    rules = rules_for(game.kind)
    state = rules.start(len(game.seats), game.first_seat, game.options, game.setup)
    states = [state]
    for move in moves:
        action = rules.action_from_json(json.loads(move.action))
        state = rules.apply(state, move.seat, action).state
        states.append(state)
    return states


async def read_everything(database: Database, kinds: Iterable[str]) -> Reading:
    """The database read back through every service, with both servers' ladders of
    ``kinds``."""
    service = GameService(database)
    games = {i: await service.game(i) for i in await game_ids(database)}
    moves = {i: await service.history.moves(i) for i in games}
    return Reading(
        games=games,
        moves=moves,
        positions={i: positions(game, moves[i]) for i, game in games.items()},
        replays={i: await service.history.replay(i) for i in games},
        last_outcomes={i: await service.history.last_outcome(i) for i in games},
        ladders=await read_ladders(database, kinds),
        settings=await read_settings(database),
    )
