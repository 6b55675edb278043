"""Replaying move logs, simultaneous presses, and damaged saved data."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.service import Actor, GameService
from bot.service.errors import BoardMovedOn, GameBroken
from bot.service.shares import Shares
from bot.storage import Database, GameStatus
from bot.storage.opening import open_database
from bot.storage.shards import Shards
from bot.storage.sqlite import SQLiteDatabase
from tests.bot.fixtures import PLAYERS, Clock, ScriptedDice, play_to_the_end, started_game


async def test_every_game_replays_from_its_move_log_to_the_stored_position(
    service: GameService,
) -> None:
    rng = random.Random(2024)
    # A dozen: every player count with and without the variant, and each cut short once
    # (games 0, 3, 6, 9), the others played out.
    for index in range(12):
        players, variant = 2 + index % 4, index >= 6
        game = await started_game(service, players, channel_id=index, variant=variant)
        if index % 3:
            game = await play_to_the_end(service, game, rng, stop_chance=rng.uniform(0.2, 0.8))
        else:
            for _ in range(rng.randint(1, 60)):
                state = game.state
                assert state is not None
                actor = Actor(game.seats[state.turn].user_id)
                if state.pending_placements():
                    outcome = await service.turns.act(
                        game.id, actor, game.version, str(rng.choice(state.pending_placements()))
                    )
                else:
                    outcome = await service.turns.act(game.id, actor, game.version, "roll")
                game = outcome.game
        stored = await service.game(game.id)
        assert await service.history.replay(game.id) == stored.state
        moves = await service.history.moves(game.id)
        assert [m.seq for m in moves] == list(range(1, len(moves) + 1))


async def test_dozens_of_simultaneous_presses_apply_exactly_one(service: GameService) -> None:
    game = await started_game(service, 2)
    assert game.state is not None
    actor = Actor(game.seats[game.state.turn].user_id)
    results = await asyncio.gather(
        *(service.turns.act(game.id, actor, game.version, "roll") for _ in range(40)),
        return_exceptions=True,
    )
    applied = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(applied) == 1
    assert all(isinstance(r, BoardMovedOn) for r in refused)
    assert len(await service.history.moves(game.id)) == 1


async def test_simultaneous_presses_from_separate_connections_apply_exactly_one(
    tmp_path: Path,
) -> None:
    path = tmp_path / "shared.sqlite3"
    databases = [await open_database(path) for _ in range(6)]
    try:
        services = [GameService(db, dice=ScriptedDice(seed=i)) for i, db in enumerate(databases)]
        game = await started_game(services[0], 3)
        assert game.state is not None
        actor = Actor(game.seats[game.state.turn].user_id)
        presses = [
            services[i % 6].turns.act(game.id, actor, game.version, "roll") for i in range(30)
        ]
        results = await asyncio.gather(*presses, return_exceptions=True)
        assert sum(not isinstance(r, BaseException) for r in results) == 1
        assert all(isinstance(r, BoardMovedOn) for r in results if isinstance(r, BaseException))
        assert len(await services[3].history.moves(game.id)) == 1
    finally:
        for db in databases:
            await db.close()


@pytest.mark.parametrize(
    ("stored", "reason"),
    [
        ('{"players": 2, "turn": 0, "phase"', "not valid JSON"),
        (
            '{"players": 2, "turn": 0, "phase": "roll", "board": {"1,1": ["S2"], "2,2": ["S2"]}}',
            "impossible",
        ),
        ("[]", "impossible"),
    ],
)
async def test_a_damaged_game_reports_itself_broken_and_the_rest_keep_working(
    service: GameService,
    database: Database,
    stored: str,
    reason: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    damaged = await started_game(service, 2, channel_id=1)
    healthy = await started_game(service, 2, channel_id=2)
    await database.write(
        lambda connection: connection.execute(
            "UPDATE games SET state = ? WHERE id = ?", (stored, damaged.id)
        )
    )
    game = await service.game(damaged.id)
    assert game.broken is not None and reason in game.broken
    assert (await service.current_game(1)) == game
    with pytest.raises(GameBroken, match="damaged") as refusal:
        await service.turns.act(damaged.id, Actor(PLAYERS[0].user_id), game.version, "roll")
    # The technical reason is for whoever mends the data, not for the players.
    assert reason not in str(refusal.value)
    assert reason in caplog.text
    assert healthy.state is not None
    actor = Actor(healthy.seats[healthy.state.turn].user_id)
    await service.turns.act(healthy.id, actor, healthy.version, "roll")
    cancelled = await service.cancel(damaged.id, Actor(PLAYERS[0].user_id))
    assert cancelled.status is GameStatus.CANCELLED


@pytest.mark.parametrize("table", ["shared_replays", "shared_analyses"])
async def test_the_shares_a_stop_left_unposted_are_found_by_their_index(
    sqlite_database: SQLiteDatabase, table: str
) -> None:
    """Every start and takeover looks for them, among every share ever made: an index
    of the unposted alone answers, never a scan of the table."""
    shares = Shares(sqlite_database, Clock(), table)
    statements: list[str] = []
    await sqlite_database.trace(statements.append)
    try:
        await shares.unposted(Shards.every())
    finally:
        await sqlite_database.untrace()
    (query,) = [s for s in statements if s.lstrip().upper().startswith("SELECT")]
    async with sqlite_database.bulk_read() as connection:
        plan = [row[3] for row in await connection.fetch("EXPLAIN QUERY PLAN " + query)]
    assert any(f"{table}_unposted" in step for step in plan), plan
    assert not any(step.startswith(f"SCAN {table}") or step == "SCAN s" for step in plan), plan
