"""Reads and writes of games, seats, moves, results, player records and server settings.

Every function runs on a connection inside a transaction that its caller (the
game service) opened, so several of them commit or roll back together.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import aiosqlite

from bot.storage.records import (
    EndReason,
    Game,
    GameStatus,
    GuildSettings,
    Move,
    Result,
    Seat,
)
from engine.claimit import GameState, RulesError, state_from_json, state_to_json

_GAME_COLUMNS = (
    "g.id, g.guild_id, g.channel_id, g.host_id, g.status, g.variant, g.turn_timeout, g.version, "
    "g.state, g.first_seat, g.lobby_message_id, g.turn_message_id, g.created_at, g.updated_at, "
    "g.started_at, g.finished_at, g.deadline, g.thread_id, g.end_reason, g.shown_version, "
    "g.moved_version"
)
_SEAT_COLUMNS = (
    "s.seat, s.user_id, s.bot_level, s.display_name, s.color, s.timeouts, s.left_user_id"
)
_SEAT_START = 21

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
    seats = tuple(Seat(*r[_SEAT_START:]) for r in rows if r[_SEAT_START] is not None)
    status = GameStatus(row[4])
    state, broken = _read_state(row[8])
    broken = broken or _misfit(status, state, seats, bool(row[5]), row[9])
    end_reason = row[18]
    if end_reason is not None and end_reason not in tuple(EndReason):
        broken, end_reason = broken or f"the reason it ended, {end_reason!r}, is unknown", None
    return Game(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        host_id=row[3],
        status=status,
        variant=bool(row[5]),
        turn_timeout=GuildSettings.turn_timeout if row[6] is None else row[6],
        version=row[7],
        seats=seats,
        # A position that does not fit the game is never handed on: code that indexes
        # the seats by its turn would fail far from here.
        state=None if broken else state,
        first_seat=row[9],
        lobby_message_id=row[10],
        turn_message_id=row[11],
        created_at=row[12],
        updated_at=row[13],
        started_at=row[14],
        finished_at=row[15],
        deadline=row[16],
        thread_id=row[17],
        end_reason=None if end_reason is None else EndReason(end_reason),
        broken=broken,
        shown_version=row[19],
        moved_version=row[20],
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


def _misfit(
    status: GameStatus,
    state: GameState | None,
    seats: tuple[Seat, ...],
    variant: bool,
    first_seat: int | None,
) -> str | None:
    """Why a readable position does not fit the rest of the game's row, if it does not."""
    if [s.seat for s in seats] != list(range(len(seats))):
        return "its seats are not numbered 1 to " + str(len(seats))
    if status is GameStatus.LOBBY or (state is None and status is GameStatus.CANCELLED):
        return None
    if state is None:
        return "a game that started has no saved position"
    if state.players != len(seats):
        return f"the saved position is for {state.players} players, but it has {len(seats)} seats"
    if state.variant != variant:
        return "the saved position and the game disagree on the rule variant"
    if first_seat is None or not 0 <= first_seat < len(seats):
        return "the first player's seat is missing or not one of its seats"
    return None


async def open_game_in_channel(connection: aiosqlite.Connection, channel_id: int) -> int | None:
    """The open game whose lobby is in this channel, or whose thread this is."""
    rows = list(
        await connection.execute_fetchall(
            "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'active') "
            "UNION SELECT id FROM games WHERE thread_id = ? AND status IN ('lobby', 'active')",
            (channel_id, channel_id),
        )
    )
    return int(rows[0][0]) if rows else None


async def due_games(
    connection: aiosqlite.Connection, now: float, *, shown_only: bool = False
) -> list[tuple[int, int]]:
    """Open games whose deadline has passed, as (id, version), the most overdue first;
    with ``shown_only``, only those whose messages show their current state."""
    shown = " AND shown_version IS version" if shown_only else ""
    rows = await connection.execute_fetchall(
        "SELECT id, version FROM games WHERE status IN ('lobby', 'active') AND deadline <= ?"
        f"{shown} ORDER BY deadline",
        (now,),
    )
    return [(int(game_id), int(version)) for game_id, version in rows]


async def next_deadline(connection: aiosqlite.Connection, after: float) -> float | None:
    rows = list(
        await connection.execute_fetchall(
            "SELECT MIN(deadline) FROM games WHERE status IN ('lobby', 'active') AND deadline > ?",
            (after,),
        )
    )
    return None if rows[0][0] is None else float(rows[0][0])


async def games_of_member(
    connection: aiosqlite.Connection, guild_id: int, user_id: int
) -> list[int]:
    """The open games in this server where this user holds a seat."""
    rows = await connection.execute_fetchall(
        "SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id "
        "WHERE s.user_id = ? AND g.guild_id = ? AND g.status IN ('lobby', 'active')",
        (user_id, guild_id),
    )
    return [int(row[0]) for row in rows]


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
    turn_timeout: int,
    deadline: float,
    now: float,
) -> int:
    cursor = await connection.execute(
        "INSERT INTO games (guild_id, channel_id, host_id, status, variant, turn_timeout, "
        "deadline, created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?)",
        (guild_id, channel_id, host_id, int(variant), turn_timeout, deadline, now, now),
    )
    assert cursor.lastrowid is not None
    return cursor.lastrowid


async def replace_seats(
    connection: aiosqlite.Connection, game_id: int, seats: Iterable[Seat], now: float
) -> None:
    """Writes the lobby's seat list, numbered in order (colors follow seats)."""
    await connection.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
    await connection.executemany(
        "INSERT INTO seats (game_id, seat, user_id, bot_level, display_name, color, joined_at, "
        "timeouts, left_user_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                game_id,
                index,
                s.user_id,
                s.bot_level,
                s.display_name,
                index,
                now,
                s.timeouts,
                s.left_user_id,
            )
            for index, s in enumerate(seats)
        ],
    )


async def update_seat(connection: aiosqlite.Connection, game_id: int, seat: Seat) -> None:
    """Writes who plays a running game's seat, and its time-outs in a row."""
    await connection.execute(
        "UPDATE seats SET user_id = ?, bot_level = ?, display_name = ?, timeouts = ?, "
        "left_user_id = ? WHERE game_id = ? AND seat = ?",
        (
            seat.user_id,
            seat.bot_level,
            seat.display_name,
            seat.timeouts,
            seat.left_user_id,
            game_id,
            seat.seat,
        ),
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
    if isinstance(value, GameStatus | EndReason):
        return str(value)
    return value


async def set_message(
    connection: aiosqlite.Connection, game_id: int, column: str, message_id: int | None
) -> None:
    """Records where the game's messages (or thread) are; bookkeeping, so the version stays."""
    _check_message_column(column)
    await connection.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (message_id, game_id))


def _check_message_column(column: str) -> None:
    if column not in ("lobby_message_id", "turn_message_id", "thread_id"):
        raise ValueError(f"{column} is not a message column")


async def clear_deadline(connection: aiosqlite.Connection, game_id: int) -> bool:
    """Stops the game's clock; ``False`` if it was stopped already."""
    cursor = await connection.execute(
        "UPDATE games SET deadline = NULL WHERE id = ? AND deadline IS NOT NULL", (game_id,)
    )
    return cursor.rowcount == 1


async def next_finish_seq(connection: aiosqlite.Connection) -> int:
    """The next number in the order games finish in; inside the finishing (write)
    transaction, so no two games get the same one."""
    rows = list(
        await connection.execute_fetchall(
            "SELECT COALESCE(MAX(finish_seq), 0) + 1 FROM games WHERE finish_seq IS NOT NULL"
        )
    )
    return int(rows[0][0])


async def mark_shown(
    connection: aiosqlite.Connection,
    game_id: int,
    version: int,
    message_ids: dict[str, int | None],
    clock_from: float | None = None,
) -> float | None:
    """Records that the game's messages show ``version`` (never moving backwards), and
    where those messages are; bookkeeping, so the game's version stays. ``clock_from``
    starts the turn's clock again from then, if the game is still at ``version``.
    Returns the game's deadline."""
    for column in message_ids:
        _check_message_column(column)
    assignments = "".join(f", {column} = ?" for column in message_ids)
    clock = ""
    if clock_from is not None:
        clock = ", deadline = CASE WHEN status = 'active' AND version = ? THEN ? + turn_timeout "
        clock += "ELSE deadline END"
    rows = list(
        await connection.execute_fetchall(
            f"UPDATE games SET shown_version = MAX(COALESCE(shown_version, -1), ?){assignments}"
            f"{clock} WHERE id = ? RETURNING deadline",
            (
                version,
                *message_ids.values(),
                *(() if clock_from is None else (version, clock_from)),
                game_id,
            ),
        )
    )
    return rows[0][0] if rows else None


async def games_not_shown(connection: aiosqlite.Connection) -> list[int]:
    """Games whose messages are behind their last change (searched through the
    ``games_not_shown`` partial index)."""
    rows = await connection.execute_fetchall(
        "SELECT id FROM games WHERE shown_version IS NOT version ORDER BY id"
    )
    return [int(row[0]) for row in rows]


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
    connection: aiosqlite.Connection, game: Game, results: list[Result]
) -> None:
    """The final table; the ladder counts it separately."""
    await connection.executemany(
        "INSERT INTO results (game_id, seat, user_id, bot_level, display_name, won, "
        "largest_mine, claims, spaces, left_game, turns, busts, best_turn) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                game.id,
                r.seat,
                r.user_id,
                game.seats[r.seat].bot_level,
                r.display_name,
                int(r.won),
                r.largest_mine,
                r.claims,
                r.spaces,
                int(r.left),
                r.turns,
                r.busts,
                r.best_turn,
            )
            for r in results
        ],
    )


_RESULT_COLUMNS = (
    "seat",
    "user_id",
    "display_name",
    "won",
    "largest_mine",
    "claims",
    "spaces",
    "left_game",
    "turns",
    "busts",
    "best_turn",
)


def result_columns(table: str = "") -> str:
    """The columns ``read_result`` reads, qualified by ``table`` when a query joins."""
    return ", ".join(f"{table}.{c}" if table else c for c in _RESULT_COLUMNS)


def read_result(row: Any) -> Result:
    seat, user, name, won, mine, claims, spaces, left, turns, busts, best = row
    return Result(seat, user, name, bool(won), mine, claims, spaces, bool(left), turns, busts, best)


async def load_results(connection: aiosqlite.Connection, game_id: int) -> list[Result]:
    rows = await connection.execute_fetchall(
        f"SELECT {result_columns()} FROM results WHERE game_id = ? ORDER BY seat", (game_id,)
    )
    return [read_result(row) for row in rows]


async def guild_settings(connection: aiosqlite.Connection, guild_id: int) -> GuildSettings:
    rows = list(
        await connection.execute_fetchall(
            "SELECT variant, turn_timeout, lobby_timeout, threads, bots_allowed "
            "FROM guild_settings WHERE guild_id = ?",
            (guild_id,),
        )
    )
    channels = frozenset(
        int(row[0])
        for row in await connection.execute_fetchall(
            "SELECT channel_id FROM game_channels WHERE guild_id = ?", (guild_id,)
        )
    )
    if not rows:
        return GuildSettings(channels=channels)
    variant, turn_timeout, lobby_timeout, threads, bots_allowed = rows[0]
    return GuildSettings(
        variant=bool(variant),
        turn_timeout=turn_timeout,
        lobby_timeout=lobby_timeout,
        threads=bool(threads),
        bots_allowed=bool(bots_allowed),
        channels=channels,
    )


async def save_guild_settings(
    connection: aiosqlite.Connection, guild_id: int, settings: GuildSettings
) -> None:
    await connection.execute(
        "INSERT INTO guild_settings "
        "(guild_id, variant, turn_timeout, lobby_timeout, threads, bots_allowed) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
        "variant = excluded.variant, turn_timeout = excluded.turn_timeout, "
        "lobby_timeout = excluded.lobby_timeout, threads = excluded.threads, "
        "bots_allowed = excluded.bots_allowed",
        (
            guild_id,
            int(settings.variant),
            settings.turn_timeout,
            settings.lobby_timeout,
            int(settings.threads),
            int(settings.bots_allowed),
        ),
    )
    await connection.execute("DELETE FROM game_channels WHERE guild_id = ?", (guild_id,))
    await connection.executemany(
        "INSERT INTO game_channels (guild_id, channel_id) VALUES (?, ?)",
        [(guild_id, channel_id) for channel_id in sorted(settings.channels)],
    )
