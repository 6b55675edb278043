"""The ladder on real SQLite: counting finished games, isolation, recompute, old games."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from bot.features.ladder.hooks import LadderHooks
from bot.features.ladder.ranking import Finish, finishing_ranks
from bot.features.ladder.ratings import rate
from bot.features.ladder.service import LadderService
from bot.games.claimit.turn_stats import turn_stats
from bot.service import Actor, GameService, Player
from bot.service.game_hooks import GameHooks
from bot.storage import Database, GameStatus
from bot.storage.connection import Connection
from bot.storage.opening import open_database
from bot.storage.ratings import NEW_PLAYER, PROVISIONAL_GAMES, is_provisional
from bot.storage.sqlite import SQLiteDatabase
from engine.claimit import action_to_json, scores, state_to_json, winners
from tests.bot.fixtures import (
    ANN,
    BO,
    CY,
    PLAYERS,
    Clock,
    ScriptedDice,
    play_to_the_end,
    random_press,
    started_game,
)
from tests.bot.released_schema import make_sqlite
from tests.engine.claimit.playout import random_game
from tests.finished_games import write_finished_games

GUILD = 10


@pytest.fixture
def ladder(database: Database) -> LadderService:
    return GameService(database).part(LadderService)


async def test_a_finished_game_counts_in_each_players_record(
    service: GameService, ladder: LadderService
) -> None:
    game = await play_to_the_end(service, await started_game(service, 3), random.Random(3))
    for result in await service.history.results(game.id):
        stats = await ladder.stats(GUILD, "claimit", PLAYERS[result.seat].user_id)
        assert stats is not None
        record = stats.record
        assert (record.games, record.wins, record.left_games, record.rated_games) == (
            1,
            int(result.won),
            0,
            1,
        )
        assert (
            record.figures["best_mine"],
            record.figures["mine_total"],
            record.figures["claims"],
        ) == (
            result.figures["largest_mine"],
            result.figures["largest_mine"],
            result.figures["claims"],
        )
        assert (record.figures["turns"], record.figures["busts"], record.figures["best_turn"]) == (
            result.figures["turns"],
            result.figures["busts"],
            result.figures["best_turn"],
        )
        assert record.rating is not None and len(stats.trend) == 1
        assert stats.players == 3 and stats.place in (1, 2, 3)


async def test_records_add_up_across_games_and_stay_in_their_server(
    service: GameService, ladder: LadderService
) -> None:
    wins = mines = 0
    for round_ in range(3):
        game = await started_game(service, 2, channel_id=50 + round_)
        game = await play_to_the_end(service, game, random.Random(round_))
        ann = next(r for r in await service.history.results(game.id) if r.seat == 0)
        wins += ann.won
        mines += ann.figures["largest_mine"]
    stats = await ladder.stats(GUILD, "claimit", ANN.user_id)
    assert stats is not None
    assert (stats.record.games, stats.record.wins, stats.record.figures["mine_total"]) == (
        3,
        wins,
        mines,
    )
    assert len(stats.trend) == 3
    assert await ladder.stats(GUILD + 1, "claimit", ANN.user_id) is None


async def test_the_game_over_outcome_carries_each_humans_rating_change(
    service: GameService, ladder: LadderService
) -> None:
    game = await started_game(service, 3)
    rng = random.Random(5)
    while True:
        outcome = await random_press(service, game, rng)
        game = outcome.game
        if game.status is GameStatus.FINISHED:
            break
    assert [c.user_id for c in outcome.rating_changes] == [p.user_id for p in PLAYERS[:3]]
    assert all(c.before is None for c in outcome.rating_changes)
    finishers = [
        Finish(p.user_id, r.won, r.place, False, r.seat)
        for p, r in zip(PLAYERS, outcome.results, strict=False)
    ]
    expected = rate([NEW_PLAYER] * 3, finishing_ranks(finishers))
    assert [c.after for c in outcome.rating_changes] == expected
    assert await ladder.rating_changes(game.id) == list(outcome.rating_changes)


async def test_the_core_counts_no_game_itself_the_ladders_hook_does(database: Database) -> None:
    """A game's end is counted by the ladder's hook, in the finishing transaction: a core
    without it finishes the game and moves no rating."""
    bare = GameService(database, dice=ScriptedDice(), hooks=GameHooks())
    game = await play_to_the_end(bare, await started_game(bare, 2), random.Random(3))
    ladder = bare.part(LadderService)
    assert await ladder.stats(GUILD, "claimit", ANN.user_id) is None
    assert await ladder.rating_changes(game.id) == []

    counted = GameService(database, dice=ScriptedDice(), hooks=LadderHooks())
    game = await play_to_the_end(counted, await started_game(counted, 2), random.Random(3))
    assert len(await ladder.rating_changes(game.id)) == 2
    stats = await ladder.stats(GUILD, "claimit", ANN.user_id)
    assert stats is not None and stats.record.games == 1


async def test_a_rating_in_one_server_never_moves_for_a_game_in_another(
    service: GameService, ladder: LadderService
) -> None:
    await play_to_the_end(
        service, await started_game(service, 2, guild_id=11, channel_id=7), random.Random(1)
    )
    before = await ladder.stats(11, "claimit", ANN.user_id)
    for round_ in range(3):
        game = await started_game(service, 3, channel_id=20 + round_)
        await play_to_the_end(service, game, random.Random(round_))
    assert await ladder.stats(11, "claimit", ANN.user_id) == before
    board_here = await ladder.leaderboard(GUILD, "claimit", ANN.user_id)
    board_there = await ladder.leaderboard(11, "claimit", ANN.user_id)
    assert board_here.players == 3 and board_there.players == 2
    stats = await ladder.stats(GUILD, "claimit", ANN.user_id)
    assert stats is not None and stats.record.games == 3


async def test_each_rating_change_knows_how_many_rated_games_it_came_from(
    service: GameService, ladder: LadderService
) -> None:
    games = []
    for round_ in range(PROVISIONAL_GAMES):
        game = await started_game(service, 2 + round_ % 2, channel_id=30 + round_)
        games.append(await play_to_the_end(service, game, random.Random(round_)))
    # Ann and Bo played every game, Cy every other one; told again later, the same.
    for number, game in enumerate(games, start=1):
        counts = {c.user_id: c.rated_games for c in await ladder.rating_changes(game.id)}
        assert counts[ANN.user_id] == counts[BO.user_id] == number
        if CY.user_id in counts:
            assert counts[CY.user_id] == number // 2
    board = await ladder.leaderboard(GUILD, "claimit", ANN.user_id)
    games_of = {e.user_id: e.rated_games for e in board.entries}
    assert games_of == {ANN.user_id: 5, BO.user_id: 5, CY.user_id: 2}
    assert not is_provisional(games_of[ANN.user_id]) and is_provisional(games_of[CY.user_id])


async def test_computer_players_are_not_rated_and_rate_nobody(
    service: GameService, ladder: LadderService
) -> None:
    game = await started_game(service, 2, bots=2)
    outcome = None
    rng = random.Random(8)
    while game.status is not GameStatus.FINISHED:
        outcome = await random_press(service, game, rng)
        game = outcome.game
    assert outcome is not None
    assert [c.user_id for c in outcome.rating_changes] == [ANN.user_id, BO.user_id]
    humans = [(r.user_id, r) for r in outcome.results if r.user_id is not None]
    finishers = [Finish(u, r.won, r.place, False, r.seat) for u, r in humans]
    assert [c.after for c in outcome.rating_changes] == rate(
        [NEW_PLAYER] * 2, finishing_ranks(finishers)
    )
    assert (await ladder.leaderboard(GUILD, "claimit", ANN.user_id)).players == 2


async def test_a_game_with_one_human_counts_in_the_record_but_is_unrated(
    service: GameService, ladder: LadderService
) -> None:
    game = await play_to_the_end(service, await started_game(service, 1, bots=2), random.Random(4))
    assert await ladder.rating_changes(game.id) == []
    stats = await ladder.stats(GUILD, "claimit", ANN.user_id)
    assert stats is not None
    assert (stats.record.games, stats.record.rated_games, stats.record.rating) == (1, 0, None)
    assert stats.place is None and stats.trend == []
    board = await ladder.leaderboard(GUILD, "claimit", ANN.user_id)
    assert (board.players, board.entries, board.caller) == (0, [], None)
    history = await ladder.history(GUILD, "claimit")
    assert [(g.id, g.rated) for g in history] == [(game.id, False)]


async def test_cancelled_and_abandoned_games_count_for_nobody(
    service: GameService, ladder: LadderService
) -> None:
    game = await started_game(service, 2)
    await service.cancel(game.id, Actor(ANN.user_id))
    game = await started_game(service, 2, channel_id=2)
    game = await service.leave(game.id, Actor(BO.user_id), game.version)
    await service.leave(game.id, Actor(ANN.user_id), game.version)
    assert (await service.game(game.id)).status is GameStatus.CANCELLED
    assert await ladder.stats(GUILD, "claimit", ANN.user_id) is None
    assert await ladder.history(GUILD, "claimit") == []


async def test_who_leaves_ranks_last_and_gets_a_game_without_a_win(
    service: GameService, ladder: LadderService
) -> None:
    game = await started_game(service, 3)
    rng = random.Random(11)
    for _ in range(6):
        game = (await random_press(service, game, rng)).game
    game = await service.leave(game.id, Actor(BO.user_id), game.version)
    game = await play_to_the_end(service, game, rng)
    results = await service.history.results(game.id)
    bo = results[1]
    assert (bo.user_id, bo.display_name, bo.left) == (BO.user_id, BO.display_name, True)
    changes = {c.user_id: c.after for c in await ladder.rating_changes(game.id)}
    assert changes[BO.user_id].mu == min(r.mu for r in changes.values())
    assert changes[BO.user_id].mu < NEW_PLAYER.mu
    stats = await ladder.stats(GUILD, "claimit", BO.user_id)
    assert stats is not None
    assert (stats.record.games, stats.record.wins, stats.record.left_games) == (1, 0, 1)
    assert (stats.record.figures["mine_total"], stats.record.figures["turns"]) == (0, 0)
    assert stats.place == 3


async def test_the_leaderboard_pages_through_the_ladder_in_rating_order(
    ladder: LadderService, database: Database
) -> None:
    players = [Player(200 + n, f"P{n}") for n in range(25)]
    rng = random.Random(6)
    # Everyone plays at least once, then pairs at random: results written straight in.
    ids = [p.user_id for p in players]
    pairs = [(ids[n], ids[(n + 1) % 25]) for n in range(25)]
    pairs += [(a, b) for a, b in (rng.sample(ids, 2) for _ in range(15))]
    await write_finished_games(database, GUILD, 0, rng, tables=pairs)
    assert await ladder.recompute(GUILD, "claimit") == 40
    pages = [
        await ladder.leaderboard(GUILD, "claimit", players[0].user_id, page) for page in (1, 2, 3)
    ]
    assert [p.pages for p in pages] == [3, 3, 3] and pages[0].players == 25
    entries = [e for p in pages for e in p.entries]
    assert [e.place for e in entries] == list(range(1, 26))
    assert sorted(e.user_id for e in entries) == [p.user_id for p in players]
    ratings = [e.rating.conservative for e in entries]
    assert ratings == sorted(ratings, reverse=True)
    own = next(e for e in entries if e.user_id == players[0].user_id)
    assert [page.caller for page in pages] == [
        None if own in page.entries else own for page in pages
    ]
    assert (await ladder.leaderboard(GUILD, "claimit", 1, 9)).page == 3
    assert (await ladder.leaderboard(GUILD, "claimit", 1, -2)).page == 1
    for entry in entries:
        stats = await ladder.stats(GUILD, "claimit", entry.user_id)
        assert stats is not None and stats.place == entry.place
        assert stats.record.rating == entry.rating


async def play_a_season(service: GameService, rng: random.Random, games: int) -> None:
    """Games in two servers with 1-5 humans, computer players and players leaving."""
    for number in range(games):
        guild = GUILD + number % 2
        humans = rng.randint(1, 4)
        bots = rng.randint(0 if humans > 1 else 1, 5 - humans)
        players = rng.sample(PLAYERS, humans)
        game = await service.create_lobby(
            kind="claimit", guild_id=guild, channel_id=100 + number, host=players[0], bots=bots
        )
        for player in players[1:]:
            game = await service.join(game.id, player, game.version)
        game = await service.start(game.id, Actor(players[0].user_id), game.version)
        if humans > 1 and rng.random() < 0.3:
            for _ in range(rng.randint(0, 20)):
                game = (await random_press(service, game, rng)).game
            if game.status is GameStatus.ACTIVE:
                leaver = rng.choice([s for s in game.seats if s.user_id is not None])
                assert leaver.user_id is not None
                game = await service.leave(game.id, Actor(leaver.user_id), game.version)
        if game.status is GameStatus.ACTIVE:
            await play_to_the_end(service, game, rng)


async def ladder_rows(database: Database, guild: int) -> dict[str, list[Any]]:
    async with database.bulk_read() as connection:
        return {
            "records": list(
                await connection.fetch(
                    "SELECT * FROM player_records WHERE guild_id = ? ORDER BY user_id", (guild,)
                )
            ),
            "changes": list(
                await connection.fetch(
                    "SELECT * FROM rating_changes WHERE guild_id = ? ORDER BY game_id, user_id",
                    (guild,),
                )
            ),
            "rated": list(
                await connection.fetch(
                    "SELECT id, rated FROM games WHERE guild_id = ? ORDER BY id", (guild,)
                )
            ),
        }


async def test_recompute_arrives_at_the_incremental_ladder(
    service: GameService, ladder: LadderService, database: Database
) -> None:
    # Eight games in two servers: leavers, computer players and 1-4 people each.
    await play_a_season(service, random.Random(2026), 8)
    incremental = await ladder_rows(database, GUILD)
    other = await ladder_rows(database, GUILD + 1)
    assert len(incremental["records"]) >= 3 and len(incremental["changes"]) >= 6
    assert any(row[5] for row in incremental["records"])  # somebody left a game
    await database.write(
        lambda connection: connection.execute(
            "UPDATE player_records SET mu = 99, rating = 99, games = 0 WHERE guild_id = ?",
            (GUILD,),
        )
    )
    assert await ladder.recompute(GUILD, "claimit") == 4
    assert await ladder_rows(database, GUILD) == incremental
    assert await ladder_rows(database, GUILD + 1) == other


async def test_games_from_before_the_ladder_are_counted_on_start(
    service: GameService, ladder: LadderService, database: Database
) -> None:
    await play_a_season(service, random.Random(7), 6)
    counted = [await ladder_rows(database, g) for g in (GUILD, GUILD + 1)]

    async def forget_the_ladder(connection: Connection) -> None:
        await connection.execute("UPDATE games SET rated = NULL")
        without_turns = {
            "sqlite": "json_remove(figures, '$.turns', '$.busts', '$.best_turn')",
            "postgresql": "(CAST(figures AS JSONB) - 'turns' - 'busts' - 'best_turn')::TEXT",
        }[connection.backend]
        await connection.execute(f"UPDATE results SET figures = {without_turns}")
        await connection.execute("DELETE FROM rating_changes")
        await connection.execute("DELETE FROM player_records")

    await database.write(forget_the_ladder)
    assert await ladder.count_old_games() == 6
    assert [await ladder_rows(database, g) for g in (GUILD, GUILD + 1)] == counted
    assert await ladder.count_old_games() == 0


async def test_a_version_2_database_counts_its_leavers_after_the_upgrade(tmp_path: Path) -> None:
    path = tmp_path / "v2.sqlite3"
    rng = random.Random(3)
    steps = list(random_game(rng, 3))
    final = steps[-1].after
    async with aiosqlite.connect(path, isolation_level=None) as connection:
        await make_sqlite(connection, 2)
        await connection.execute(
            "INSERT INTO games (id, guild_id, channel_id, host_id, status, turn_timeout, "
            "first_seat, state, created_at, updated_at, finished_at, turn_message_id) "
            "VALUES (1, 5, 6, 100, 'finished', 600, ?, ?, 1000, 2000, 2000, 77)",
            (steps[0].before.turn, json.dumps(state_to_json(final))),
        )
        seats = [
            (0, 100, None, "Ann", None),
            (1, None, "normal", "Bo (bot)", 101),
            (2, None, "easy", "Bot 1 (easy)", None),
        ]
        await connection.executemany(
            "INSERT INTO seats (game_id, seat, user_id, bot_level, display_name, color, "
            "joined_at, left_user_id) VALUES (1, ?, ?, ?, ?, ?, 1000, ?)",
            [(seat, user, level, name, seat, left) for seat, user, level, name, left in seats],
        )
        await connection.executemany(
            "INSERT INTO moves (game_id, seq, seat, action, dice, at) VALUES (1, ?, ?, ?, ?, 1500)",
            [
                (n, step.before.turn, json.dumps(action_to_json(step.action)), None)
                for n, step in enumerate(steps, start=1)
            ],
        )
        table = scores(final)
        won = winners(table)
        await connection.executemany(
            "INSERT INTO results (game_id, seat, user_id, bot_level, won, largest_mine, claims, "
            "spaces) VALUES (1, ?, ?, ?, ?, ?, ?, ?)",
            [
                (s.seat, seats[s.seat][1], seats[s.seat][2], s.seat in won, s.largest, s.claims,
                 s.spaces)
                for s in table
            ],
        )  # fmt: skip
    database = await open_database(path)
    try:
        ladder = GameService(database).part(LadderService)
        assert await ladder.count_old_games() == 1
        bo = await ladder.stats(5, "claimit", 101)
        ann = await ladder.stats(5, "claimit", 100)
        [game] = await ladder.history(5, "claimit")
    finally:
        await database.close()
    assert bo is not None and ann is not None
    assert (bo.record.display_name, bo.record.left_games, bo.record.wins, bo.place) == (
        "Bo",
        1,
        0,
        2,
    )
    assert ann.place == 1 and ann.record.rated_games == 1
    stats = turn_stats(3, steps[0].before.turn, False, [step.action for step in steps])
    assert (
        ann.record.figures["turns"],
        ann.record.figures["busts"],
        ann.record.figures["best_turn"],
    ) == stats[0]
    assert (game.place_id, game.final_message_id, game.rated) == (6, 77, True)
    assert [(r.user_id, r.display_name, r.left) for r in game.players] == [
        (100, "Ann", False),
        (101, "Bo", True),
        (None, "Bot 1 (easy)", False),
    ]


async def test_the_ladder_reads_search_indexes_and_never_scan_a_table(
    sqlite_database: SQLiteDatabase,
) -> None:
    database = sqlite_database
    service, ladder = (
        GameService(database, dice=ScriptedDice(), clock=Clock()),
        GameService(database).part(LadderService),
    )
    await play_a_season(service, random.Random(12), 6)
    statements: list[str] = []
    await database.trace(statements.append)
    try:
        await ladder.leaderboard(GUILD, "claimit", ANN.user_id, 1)
        await ladder.leaderboard(GUILD, "claimit", 999, 2)
        await ladder.stats(GUILD, "claimit", ANN.user_id)
        await ladder.history(GUILD, "claimit")
    finally:
        await database.untrace()
    queries = [s for s in statements if s.lstrip().upper().startswith("SELECT")]
    assert len(queries) >= 8
    async with database.bulk_read() as connection:
        for query in queries:
            plan = [row[3] for row in await connection.fetch("EXPLAIN QUERY PLAN " + query)]
            assert all(not step.startswith("SCAN") for step in plan), (query, plan)
            assert any("INDEX" in step for step in plan), (query, plan)


async def test_recompute_follows_the_order_games_finished_in_not_the_wall_clock(
    database: Database, ladder: LadderService
) -> None:
    # A wall clock that keeps jumping back: each game finishes "before" the last one.
    moments = itertools.count(1_800_000_000.0, -7.0)
    service = GameService(database, dice=random.Random(5), clock=lambda: next(moments))
    await play_a_season(service, random.Random(8), 12)
    incremental = await ladder_rows(database, GUILD)
    assert len(incremental["changes"]) >= 6
    assert await ladder.recompute(GUILD, "claimit") == 6
    assert await ladder_rows(database, GUILD) == incremental
    history = await ladder.history(GUILD, "claimit")
    # Newest first: the last to finish, though its clock read the earliest time.
    assert [g.finished_at for g in history] == sorted(g.finished_at for g in history)
