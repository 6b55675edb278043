"""Reads and writes of a game and its seats: a new lobby, the game read whole, a change
made only if nobody changed it meanwhile, the order games finish in, and which games a
member plays in or are being played."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.storage.connection import Connection
from bot.storage.game_forms import form_for
from bot.storage.game_rows import (
    DAMAGED_VERSION,
    GAME_AND_SEAT_COLUMNS,
    read_game,
    remember_position,
)
from bot.storage.game_values import Options
from bot.storage.records import EndReason, Game, GameStatus, Seat
from bot.storage.shards import Shards
from bot.storage.stored_json import json_text

# Every call through aiosqlite is a hop to its thread (and through asyncpg a round
# trip), so each query here is one fetch: the game and its seats come back in a
# single join.


async def load_game(connection: Connection, game_id: int) -> Game | None:
    """The game with its seats (``None``: there is no such game); read for update in a
    write transaction."""
    if connection.for_update:
        # The row is held first, on its own: under PostgreSQL's read committed, a read
        # that waited for the row's lock sees the row's newest version but the seats
        # joined to it as they were when it began, so that two joins for the last seat
        # would both find it free (and the second's seats drop the first's player).
        await connection.fetch(
            f"SELECT g.id FROM games g WHERE g.id = ?{connection.for_update}", (game_id,)
        )
    rows = list(
        await connection.fetch(
            f"SELECT {GAME_AND_SEAT_COLUMNS} FROM games g "
            f"LEFT JOIN seats s ON s.game_id = g.id WHERE g.id = ? ORDER BY s.seat"
            f"{connection.for_update}",
            (game_id,),
        )
    )
    return read_game(rows) if rows else None


async def game_stamp(connection: Connection, game_id: int) -> tuple[object, object]:
    """A game's version and when it last changed, as stored (unchecked: they are compared
    with what a change wrote)."""
    rows = list(
        await connection.fetch("SELECT version, updated_at FROM games WHERE id = ?", (game_id,))
    )
    return (rows[0]["version"], rows[0]["updated_at"]) if rows else (None, None)


async def games_of_member(connection: Connection, guild_id: int, user_id: int) -> list[int]:
    """The open games in this server where this user holds a seat."""
    return await connection.ints(
        "SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id "
        "WHERE s.user_id = ? AND g.guild_id = ? AND g.status IN ('lobby', 'active')",
        (user_id, guild_id),
    )


async def games_of_user(connection: Connection, user_id: int) -> list[int]:
    """The open games, in any server, where this user holds a seat."""
    return await connection.ints(
        "SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id "
        "WHERE s.user_id = ? AND g.status IN ('lobby', 'active')",
        (user_id,),
    )


async def active_game_ids(connection: Connection, shards: Shards) -> list[int]:
    """The games of these shards being played (started, not over)."""
    where, params = shards.where()
    return await connection.ints(
        f"SELECT id FROM games WHERE status = 'active' AND {where}", params
    )


async def ended_since(
    connection: Connection, shards: Shards, reason: str, since: float
) -> list[int]:
    """The games of these shards that ended for ``reason`` at ``since`` or later."""
    where, params = shards.where()
    return await connection.ints(
        f"SELECT id FROM games WHERE end_reason = ? AND finished_at >= ? AND {where} ORDER BY id",
        (reason, since, *params),
    )


@dataclass(frozen=True)
class NewGame:
    """A game about to be opened: where it is played, who hosts it, and on what terms."""

    kind: str
    guild_id: int
    channel_id: int
    host_id: int
    options: Options
    turn_timeout: int
    language: str | None = None
    thread_id: int | None = None
    """Where it is played from the first, in a thread of ``channel_id`` (a channel holds
    one open game outside its threads, and this one is not it)."""
    reached_in: int | None = None
    """A conversation game's real place (``Game.reached_in``), ``guild_id`` being its
    scope."""


async def insert_game(connection: Connection, game: NewGame, deadline: float, now: float) -> int:
    """``game``, a lobby until ``deadline``, numbered after the server's games of its kind
    under the server's and kind's ``game number`` lock (held to the transaction's end, so
    that two lobbies never share one)."""
    await connection.lock("game number", game.guild_id, game.kind)
    rows = await connection.fetch(
        "INSERT INTO games (kind, guild_id, channel_id, thread_id, host_id, status, options, "
        "turn_timeout, deadline, created_at, updated_at, language, reached_in, number) "
        "SELECT CAST(? AS TEXT), CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT), "
        "CAST(? AS BIGINT), 'lobby', CAST(? AS TEXT), CAST(? AS INTEGER), "
        "CAST(? AS DOUBLE PRECISION), CAST(? AS DOUBLE PRECISION), "
        "CAST(? AS DOUBLE PRECISION), CAST(? AS TEXT), CAST(? AS BIGINT), "
        "COALESCE(MAX(number), 0) + 1 FROM games WHERE guild_id = ? AND kind = ? "
        "RETURNING id",
        (
            game.kind,
            game.guild_id,
            game.channel_id,
            game.thread_id,
            game.host_id,
            json_text(game.options),
            game.turn_timeout,
            deadline,
            now,
            now,
            game.language,
            game.reached_in,
            game.guild_id,
            game.kind,
        ),
    )
    return int(rows[0]["id"])


async def replace_seats(
    connection: Connection, game_id: int, seats: Iterable[Seat], now: float
) -> None:
    """Writes the lobby's seat list, numbered in order (colors follow seats)."""
    await connection.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
    await connection.executemany(
        "INSERT INTO seats (game_id, seat, user_id, bot_level, display_name, color, joined_at, "
        "timeouts, left_user_id, away_until, away_stand_in) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
                s.away_until,
                int(s.away_stand_in),
            )
            for index, s in enumerate(seats)
        ],
    )


async def update_seat(connection: Connection, game_id: int, seat: Seat) -> None:
    """Writes who plays a running game's seat, its time-outs in a row, and whether its
    player is away."""
    await connection.execute(
        "UPDATE seats SET user_id = ?, bot_level = ?, display_name = ?, timeouts = ?, "
        "left_user_id = ?, away_until = ?, away_stand_in = ? WHERE game_id = ? AND seat = ?",
        (
            seat.user_id,
            seat.bot_level,
            seat.display_name,
            seat.timeouts,
            seat.left_user_id,
            seat.away_until,
            int(seat.away_stand_in),
            game_id,
            seat.seat,
        ),
    )


CHANGED = "claimit_game_changed"
"""What the processes sharing a database hear of every game's change: ``<id>:<version>``."""


async def announce_changed(connection: Connection, game_id: int, version: int) -> None:
    """Tells the other processes that the game is at ``version`` now (once this commits)."""
    await connection.notify(CHANGED, f"{game_id}:{version}")


async def update_game(connection: Connection, game: Game, now: float, **changes: Any) -> bool:
    """Compare-and-set: applies ``changes`` only if the game is still at ``game.version``."""
    changes = {column: _column_value(game, column, value) for column, value in changes.items()}
    assignments = "".join(f", {column} = ?" for column in changes)
    if game.version == DAMAGED_VERSION:
        # Equal to no number: the change (a cancel) writes a whole version in its place.
        changed = await connection.execute(
            f"UPDATE games SET version = 1, updated_at = ?{assignments} WHERE id = ? "
            "AND NOT (version >= 0 AND CAST(version AS INTEGER) = version)",
            (now, *changes.values(), game.id),
        )
        return changed == 1
    changed = await connection.execute(
        f"UPDATE games SET version = version + 1, updated_at = ?{assignments} "
        "WHERE id = ? AND version = ?",
        (now, *changes.values(), game.id, game.version),
    )
    return changed == 1


def _column_value(game: Game, column: str, value: Any) -> Any:
    if column == "state":
        if value is None:
            return None
        text = json_text(form_for(game.kind).state_to_json(value))
        remember_position(game.id, game.kind, text, value)
        return text
    if column == "setup":
        return None if value is None else json_text(value)
    if isinstance(value, GameStatus | EndReason):
        return str(value)
    return value


async def next_finish_seq(connection: Connection) -> int:
    """The next number in the order games finish in; inside the finishing (write)
    transaction, which holds the number until it ends, so no two games get the same one."""
    await connection.lock("finish order")
    rows = list(
        await connection.fetch(
            "SELECT COALESCE(MAX(finish_seq), 0) + 1 AS next_seq FROM games "
            "WHERE finish_seq IS NOT NULL"
        )
    )
    return int(rows[0]["next_seq"])
