"""A database of version 15 (as its release made it, on SQLite and PostgreSQL) upgrades
with every player's reliability filled from the games played so far: who was seated when
each started, who was still seated when it finished, who left or was taken over. What
the rows can't tell (who cancelled a running game) counts against nobody."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.features.reliability.queries import ReliabilityRecord
from bot.features.reliability.service import ReliabilityService
from bot.service import GameService
from bot.storage.opening import open_database
from tests.bot.released_schema import postgres_holding, sqlite_holding
from tests.postgres_cluster import Cluster

HOME, AWAY = 10, 11
ANN, BO, CY, DI = 1, 2, 3, 4

# (id, guild, status, started_at, end_reason)
GAMES = [
    (1, HOME, "finished", 100.0, None),
    (2, HOME, "finished", 200.0, None),  # Cy left it
    (3, HOME, "cancelled", 300.0, "cancelled"),  # cancelled running: by whom, unknown
    (4, HOME, "cancelled", None, "lobby expired"),
    (5, HOME, "active", 500.0, None),  # Di was taken over
    (6, AWAY, "finished", 600.0, None),
    (7, HOME, "cancelled", 700.0, "abandoned"),  # Bo, the last person, left
]
# (game, seat, user, bot level, left user)
SEATS = [
    (1, 0, ANN, None, None),
    (1, 1, BO, None, None),
    (2, 0, ANN, None, None),
    (2, 1, None, "normal", CY),
    (2, 2, None, "easy", None),
    (3, 0, BO, None, None),
    (3, 1, CY, None, None),
    (4, 0, DI, None, None),
    (5, 0, ANN, None, None),
    (5, 1, None, "normal", DI),
    (6, 0, ANN, None, None),
    (6, 1, None, "hard", None),
    (7, 0, None, "normal", BO),
    (7, 1, None, "easy", None),
]
EXPECTED = {
    HOME: {
        ANN: ReliabilityRecord(3, 2, 0),
        BO: ReliabilityRecord(3, 1, 1),
        CY: ReliabilityRecord(2, 0, 1),
        DI: ReliabilityRecord(1, 0, 1),
    },
    AWAY: {ANN: ReliabilityRecord(1, 1, 0), BO: ReliabilityRecord()},
}

GAME_ROW = (
    "INSERT INTO games (id, guild_id, channel_id, host_id, status, created_at, updated_at, "
    "started_at, finished_at, end_reason, number) VALUES ({})"
)
SEAT_ROW = (
    "INSERT INTO seats (game_id, seat, user_id, bot_level, display_name, color, joined_at, "
    "left_user_id) VALUES ({})"
)


def game_values(row: tuple[Any, ...]) -> tuple[Any, ...]:
    game, guild, status, started, reason = row
    finished = None if status == "active" else (started or 0) + 50
    return (game, guild, 100 + game, ANN, status, 1.0, 1.0, started, finished, reason, game)


def seat_values(row: tuple[Any, ...]) -> tuple[Any, ...]:
    game, seat, user, level, left = row
    return (game, seat, user, level, f"Seat {seat}", seat, 1.0, left)


ROWS = [
    (GAME_ROW, [game_values(game) for game in GAMES]),
    (SEAT_ROW, [seat_values(seat) for seat in SEATS]),
]


async def check_upgraded(target: str) -> None:
    database = await open_database(target)
    try:
        service = GameService(database)
        for guild, expected in EXPECTED.items():
            found = await service.part(ReliabilityService).of_players(guild, expected)
            assert {user: found[user].record for user in expected} == expected, guild
    finally:
        await database.close()


async def test_a_sqlite_file_of_version_15_fills_the_records(tmp_path: Path) -> None:
    await check_upgraded(await sqlite_holding(tmp_path / "old.sqlite3", 15, ROWS))


async def test_a_postgresql_database_of_version_15_fills_the_records(postgres: Cluster) -> None:
    await check_upgraded(await postgres_holding(await postgres.new_database(), 15, ROWS))
