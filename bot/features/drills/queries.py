"""Each player's drills as kept, the games whose drills are made, and what progress reads
of the player's finished games."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from bot.storage.connection import Connection, Row, marks
from bot.storage.game_values import JSON
from bot.storage.row_records import read_row


@dataclass(frozen=True)
class KeptDrill:
    """A drill as kept: its position and options as JSON, its game ``None`` once that is
    no longer kept."""

    id: int
    user_id: int
    kind: str
    seat: int
    state: JSON
    weighed: JSON
    chosen: str
    game_id: int | None
    guild_id: int
    move: int
    rung: int
    due_at: float
    retired_at: float | None
    version: int


@dataclass(frozen=True)
class Met:
    """A drill as a finished game meets it: a player's decision there, to make a drill of
    or to join the drill of the same position."""

    user_id: int
    kind: str
    position: str
    """The position as the seat saw it, hashed (``schema.drills``)."""
    seat: int
    state: JSON
    weighed: JSON
    chosen: str
    game_id: int
    guild_id: int
    move: int
    met_at: float
    """When the game ended."""


COLUMNS = (
    "id, user_id, kind, seat, state, weighed, chosen, game_id, guild_id, move, rung, "
    "due_at, retired_at, version"
)


def _kept(row: Row) -> KeptDrill:
    return read_row(KeptDrill, row)


def _text(data: JSON) -> str:
    return json.dumps(data, separators=(",", ":"))


async def kept_drill(connection: Connection, user_id: int, drill_id: int) -> KeptDrill | None:
    """The player's drill ``drill_id``; ``None`` where it is none of theirs."""
    rows = await connection.fetch(
        f"SELECT {COLUMNS} FROM drills WHERE id = ? AND user_id = ?", (drill_id, user_id)
    )
    return _kept(rows[0]) if rows else None


async def due_drills(
    connection: Connection, user_id: int, kind: str | None, now: float, limit: int
) -> list[KeptDrill]:
    """The player's drills due at ``now`` (of ``kind``, or of every game) whose game is
    kept, the earliest due first."""
    of_kind = "" if kind is None else " AND kind = ?"
    rows = await connection.fetch(
        f"SELECT {COLUMNS} FROM drills WHERE user_id = ? AND retired_at IS NULL "
        f"AND due_at <= ? AND game_id IS NOT NULL{of_kind} ORDER BY due_at, id LIMIT ?",
        (user_id, now, *(() if kind is None else (kind,)), limit),
    )
    return [_kept(row) for row in rows]


async def due_count(connection: Connection, user_id: int, kind: str | None, now: float) -> int:
    """How many of the player's drills are due at ``now``, of ``kind`` or of every game."""
    of_kind = "" if kind is None else " AND kind = ?"
    found = await connection.ints(
        "SELECT COUNT(*) FROM drills WHERE user_id = ? AND retired_at IS NULL "
        f"AND due_at <= ? AND game_id IS NOT NULL{of_kind}",
        (user_id, now, *(() if kind is None else (kind,))),
    )
    return found[0]


async def answered(
    connection: Connection,
    drill: KeptDrill,
    rung: int,
    due_at: float,
    retired_at: float | None,
) -> bool:
    """Moves the drill up or down its ladder, if it still stands at the version the
    answer saw, is not retired and its game is kept: whether it did."""
    return (
        await connection.execute(
            "UPDATE drills SET rung = ?, due_at = ?, retired_at = ?, version = version + 1 "
            "WHERE id = ? AND user_id = ? AND version = ? AND retired_at IS NULL "
            "AND game_id IS NOT NULL",
            (rung, due_at, retired_at, drill.id, drill.user_id, drill.version),
        )
        > 0
    )


async def owed_games(connection: Connection, user_id: int, kinds: Sequence[str]) -> list[int]:
    """The player's finished games of ``kinds`` whose drills are not made, the latest
    ended first."""
    if not kinds:
        return []
    return await connection.ints(
        "SELECT g.id FROM games AS g JOIN seats AS s ON s.game_id = g.id "
        "WHERE s.user_id = ? AND g.status = 'finished' "
        f"AND g.kind IN ({marks(kinds)}) "
        "AND NOT EXISTS (SELECT 1 FROM drill_games AS m WHERE m.game_id = g.id) "
        "ORDER BY g.finished_at DESC, g.id DESC",
        (user_id, *kinds),
    )


async def is_made(connection: Connection, game_id: int) -> bool:
    """Whether the game's drills are made."""
    return await connection.found("SELECT 1 FROM drill_games WHERE game_id = ?", (game_id,))


async def make(connection: Connection, game_id: int, met: Sequence[Met], now: float) -> bool:
    """Makes the game's drills, new ones due at once, those of a position already a drill
    joining it: met again in a game that ended later, the mistake is made again, so its
    ladder starts afresh (its foot, due at once, back from retirement too; its version
    one on, so that an answer to it as it stood counts nowhere) and where it was met moves
    to that game; a game that ended earlier changes nothing of it. ``False``, writing
    nothing, where they were made already."""
    # A game another process is making waits here for its commit, then finds it made.
    if not await connection.execute(
        "INSERT INTO drill_games (game_id, drills, made_at) VALUES (?, ?, ?) "
        "ON CONFLICT (game_id) DO NOTHING",
        (game_id, len(met), now),
    ):
        return False
    if not met:
        return True
    await connection.executemany(
        "INSERT INTO drills (user_id, kind, position, seat, state, weighed, chosen, game_id, "
        "guild_id, move, met_at, rung, due_at, version, made_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 0, ?) "
        "ON CONFLICT (user_id, kind, position) DO UPDATE SET seat = excluded.seat, "
        "state = excluded.state, weighed = excluded.weighed, chosen = excluded.chosen, "
        "game_id = excluded.game_id, guild_id = excluded.guild_id, move = excluded.move, "
        "met_at = excluded.met_at, rung = 0, due_at = excluded.due_at, retired_at = NULL, "
        "version = drills.version + 1 WHERE drills.met_at <= excluded.met_at",
        [
            (
                m.user_id,
                m.kind,
                m.position,
                m.seat,
                _text(m.state),
                _text(m.weighed),
                m.chosen,
                m.game_id,
                m.guild_id,
                m.move,
                m.met_at,
                now,
                now,
            )
            for m in met
        ],
    )
    return True


@dataclass(frozen=True)
class Ladder:
    """A player's drills of one game, counted by where they stand."""

    kind: str
    due: int
    learned: int
    retired: int


async def ladders(connection: Connection, user_id: int, now: float) -> list[Ladder]:
    """The player's drills of each game they have some of, counted (those whose game is
    no longer kept, never asked again, count nowhere)."""
    rows = await connection.fetch(
        "SELECT kind, "
        "SUM(CASE WHEN retired_at IS NULL AND due_at <= ? THEN 1 ELSE 0 END) AS due, "
        "SUM(CASE WHEN retired_at IS NULL AND rung > 0 THEN 1 ELSE 0 END) AS learned, "
        "SUM(CASE WHEN retired_at IS NULL THEN 0 ELSE 1 END) AS retired "
        "FROM drills WHERE user_id = ? AND game_id IS NOT NULL GROUP BY kind",
        (now, user_id),
    )
    return [
        Ladder(row["kind"], row["due"] or 0, row["learned"] or 0, row["retired"] or 0)
        for row in rows
    ]


@dataclass(frozen=True)
class Judged:
    """One of the player's finished games, with its report where it was judged."""

    kind: str
    seat: int
    report: str | None


async def finished_games(connection: Connection, user_id: int) -> list[Judged]:
    """The player's finished games (each seat they held to the end), the first ended
    first, each with the report of what decided it where one was made (the analysis
    feature keeps them)."""
    rows = await connection.fetch(
        "SELECT g.kind AS kind, s.seat AS seat, a.report AS report FROM games AS g "
        "JOIN seats AS s ON s.game_id = g.id "
        "LEFT JOIN analyses AS a ON a.game_id = g.id "
        "WHERE s.user_id = ? AND g.status = 'finished' ORDER BY g.finished_at, g.id",
        (user_id,),
    )
    return [Judged(row["kind"], row["seat"], row["report"]) for row in rows]
