"""Reads and writes of games, seats, moves, results and player records.

Every function runs on a connection inside a transaction that its caller (the
game service) opened, so several of them commit or roll back together.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import aiosqlite

from bot.storage.records import Game, GameStatus, Move, PlayerRecord, Result, Seat
from engine.claimit import GameState, RulesError, state_from_json, state_to_json

_GAME_COLUMNS = (
    "g.id, g.guild_id, g.channel_id, g.host_id, g.status, g.variant, g.turn_timeout, g.version, "
    "g.state, g.first_seat, g.lobby_message_id, g.turn_message_id, g.created_at, g.updated_at, "
    "g.started_at, g.finished_at, g.turn_deadline"
)
_SEAT_COLUMNS = "s.seat, s.user_id, s.bot_level, s.display_name, s.color"

# Every call through aiosqlite is a hop to its thread, so each query here is
# one execute_fetchall: the game and its seats come back in a single join.


async def load_game(connection: aiosqlite.Connection, game_id: int) -> Game | None:
    rows = list(
        await connection.execute_fetchall(
            f"SELECT {_GAME_COLUMNS}, {_SEAT_COLUMNS} FROM games g "
            "LEFT JOIN seats s ON s.game_id = g.id WHERE g.id = ? ORDER BY s.seat",
            (game_id,),
        )
    )
    if not rows:
        return None
    row = rows[0]
    seats = tuple(Seat(*r[17:]) for r in rows if r[17] is not None)
    state, broken = _read_state(row[8])
    return Game(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        host_id=row[3],
        status=GameStatus(row[4]),
        variant=bool(row[5]),
        turn_timeout=row[6],
        version=row[7],
        seats=seats,
        state=state,
        first_seat=row[9],
        lobby_message_id=row[10],
        turn_message_id=row[11],
        created_at=row[12],
        updated_at=row[13],
        started_at=row[14],
        finished_at=row[15],
        turn_deadline=row[16],
        broken=broken,
    )


def _read_state(text: str | None) -> tuple[GameState | None, str | None]:
    """The stored position, or why it cannot be read (a broken game, not a crash)."""
    if text is None:
        return None, None
    try:
        return state_from_json(json.loads(text)), None
    except json.JSONDecodeError as e:
        return None, f"the saved position is not valid JSON ({e.msg})"
    except RulesError as e:
        return None, f"the saved position is impossible: {e}"


async def open_game_in_channel(connection: aiosqlite.Connection, channel_id: int) -> int | None:
    rows = list(
        await connection.execute_fetchall(
            "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        )
    )
    return int(rows[0][0]) if rows else None


async def active_game_ids(connection: aiosqlite.Connection) -> list[int]:
    rows = await connection.execute_fetchall("SELECT id FROM games WHERE status = 'active'")
    return [int(row[0]) for row in rows]


async def insert_game(
    connection: aiosqlite.Connection,
    *,
    guild_id: int,
    channel_id: int,
    host_id: int,
    variant: bool,
    turn_timeout: int | None,
    now: float,
) -> int:
    cursor = await connection.execute(
        "INSERT INTO games (guild_id, channel_id, host_id, status, variant, turn_timeout, "
        "created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?)",
        (guild_id, channel_id, host_id, int(variant), turn_timeout, now, now),
    )
    assert cursor.lastrowid is not None
    return cursor.lastrowid


async def replace_seats(
    connection: aiosqlite.Connection, game_id: int, seats: Iterable[Seat], now: float
) -> None:
    """Writes the lobby's seat list, numbered in order (colors follow seats)."""
    await connection.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
    await connection.executemany(
        "INSERT INTO seats (game_id, seat, user_id, bot_level, display_name, color, joined_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (game_id, index, s.user_id, s.bot_level, s.display_name, index, now)
            for index, s in enumerate(seats)
        ],
    )


async def update_game(
    connection: aiosqlite.Connection, game: Game, now: float, **changes: Any
) -> bool:
    """Compare-and-set: applies ``changes`` only if the game is still at ``game.version``."""
    changes = {column: _column_value(value) for column, value in changes.items()}
    assignments = "".join(f", {column} = ?" for column in changes)
    cursor = await connection.execute(
        f"UPDATE games SET version = version + 1, updated_at = ?{assignments} "
        "WHERE id = ? AND version = ?",
        (now, *changes.values(), game.id, game.version),
    )
    return cursor.rowcount == 1


def _column_value(value: Any) -> Any:
    if isinstance(value, GameState):
        return json.dumps(state_to_json(value), separators=(",", ":"))
    if isinstance(value, GameStatus):
        return str(value)
    return value


async def set_message(
    connection: aiosqlite.Connection, game_id: int, column: str, message_id: int | None
) -> None:
    """Records where the game's messages are; bookkeeping, so the version stays."""
    if column not in ("lobby_message_id", "turn_message_id"):
        raise ValueError(f"{column} is not a message column")
    await connection.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (message_id, game_id))


async def append_move(
    connection: aiosqlite.Connection,
    game_id: int,
    seat: int,
    action: dict[str, Any],
    dice: tuple[int, int, int] | None,
    now: float,
) -> int:
    rows = await connection.execute_fetchall(
        "INSERT INTO moves (game_id, seq, seat, action, dice, at) "
        "SELECT ?, COALESCE(MAX(seq), 0) + 1, ?, ?, ?, ? FROM moves WHERE game_id = ? "
        "RETURNING seq",
        (
            game_id,
            seat,
            json.dumps(action, separators=(",", ":")),
            None if dice is None else json.dumps(list(dice)),
            now,
            game_id,
        ),
    )
    return int(next(iter(rows))[0])


async def load_moves(connection: aiosqlite.Connection, game_id: int) -> list[Move]:
    rows = await connection.execute_fetchall(
        "SELECT seq, seat, action, dice, at FROM moves WHERE game_id = ? ORDER BY seq", (game_id,)
    )
    return [
        Move(seq, seat, action, None if dice is None else tuple(json.loads(dice)), at)
        for seq, seat, action, dice, at in rows
    ]


async def write_results(
    connection: aiosqlite.Connection, game: Game, results: list[Result], now: float
) -> None:
    """The final table, and each human player's record in this server."""
    await connection.executemany(
        "INSERT INTO results "
        "(game_id, seat, user_id, bot_level, won, largest_mine, claims, spaces) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                game.id,
                r.seat,
                r.user_id,
                game.seats[r.seat].bot_level,
                int(r.won),
                r.largest_mine,
                r.claims,
                r.spaces,
            )
            for r in results
        ],
    )
    await connection.executemany(
        "INSERT INTO player_records "
        "(guild_id, user_id, display_name, games, wins, best_mine, claims, last_played) "
        "VALUES (?, ?, ?, 1, ?, ?, ?, ?) "
        "ON CONFLICT (guild_id, user_id) DO UPDATE SET display_name = excluded.display_name, "
        "games = games + 1, wins = wins + excluded.wins, "
        "best_mine = MAX(best_mine, excluded.best_mine), claims = claims + excluded.claims, "
        "last_played = excluded.last_played",
        [
            (
                game.guild_id,
                r.user_id,
                game.seats[r.seat].display_name,
                int(r.won),
                r.largest_mine,
                r.claims,
                now,
            )
            for r in results
            if r.user_id is not None
        ],
    )


async def load_results(connection: aiosqlite.Connection, game_id: int) -> list[Result]:
    rows = await connection.execute_fetchall(
        "SELECT seat, user_id, won, largest_mine, claims, spaces FROM results "
        "WHERE game_id = ? ORDER BY seat",
        (game_id,),
    )
    return [
        Result(seat, user, bool(won), mine, claims, spaces)
        for seat, user, won, mine, claims, spaces in rows
    ]


async def player_record(
    connection: aiosqlite.Connection, guild_id: int, user_id: int
) -> PlayerRecord | None:
    rows = list(
        await connection.execute_fetchall(
            "SELECT guild_id, user_id, display_name, games, wins, best_mine, claims, last_played "
            "FROM player_records WHERE guild_id = ? AND user_id = ?",
            (guild_id, user_id),
        )
    )
    return PlayerRecord(*rows[0]) if rows else None
