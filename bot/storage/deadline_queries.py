"""The deadline scan, per shard: the open games whose deadline has passed, the next
deadline to come, and the games whose values the scan reads are damaged (whose clock is
stopped, as they can't move on); and the reminders of long turns, once per turn."""

from __future__ import annotations

from bot.storage.connection import Connection
from bot.storage.game_rows import DAMAGED_VERSION
from bot.storage.records import DueGames
from bot.storage.row_checks import Columns, checked, number, whole, whole_or_none
from bot.storage.shards import Shards

_FINITE = "{0} BETWEEN -1e18 AND 1e18"
"""True for a finite number (on SQLite also: a number at all)."""
_DUE = Columns(
    ("id", whole, 0),
    ("version", whole, DAMAGED_VERSION),
    ("shown_version", whole_or_none, None),
    ("deadline", number, 0.0),
)
_CLEAN = (
    "version >= 0 AND CAST(version AS INTEGER) = version "
    "AND (shown_version IS NULL OR (shown_version >= 0 "
    "AND CAST(shown_version AS INTEGER) = shown_version)) "
    f"AND (deadline IS NULL OR {_FINITE.format('deadline')})"
)
"""True for a game whose values the deadline scan reads are what they must be, on either
database (SQLite orders text above every number, and a NaN or infinity is no finite
number)."""


async def due_games(connection: Connection, now: float, shards: Shards) -> DueGames:
    """Open games of these shards whose deadline has passed, the most overdue first, each
    row checked: one with a damaged value is set aside rather than read."""
    where, params = shards.where()
    rows = await connection.fetch(
        "SELECT id, version, shown_version, deadline FROM games "
        f"WHERE status IN ('lobby', 'active') AND deadline <= ? AND {where} ORDER BY deadline",
        (now, *params),
    )
    due: list[tuple[int, int]] = []
    unshown: set[int] = set()
    damaged: list[tuple[int, str]] = []
    for row in rows:
        values, damage = checked(_DUE, row)
        game_id, version = values["id"], values["version"]
        if damage is not None:
            damaged.append((game_id, damage))
            continue
        due.append((game_id, version))
        if values["shown_version"] != version:
            unshown.add(game_id)
    return DueGames(due, frozenset(unshown), damaged)


async def next_deadline(connection: Connection, after: float, shards: Shards) -> float | None:
    """The earliest deadline still to come, among those that are numbers at all."""
    where, params = shards.where()
    rows = list(
        await connection.fetch(
            "SELECT MIN(deadline) AS earliest FROM games WHERE status IN ('lobby', 'active') "
            f"AND deadline > ? AND {_FINITE.format('deadline')} AND {where}",
            (after, *params),
        )
    )
    earliest = rows[0]["earliest"]
    return None if earliest is None else float(earliest)


REMIND_AT_LEAST = 3600
"""Seconds before a turn's end its reminder comes at the earliest: an hour, or a quarter
of the turn time when that is longer (12 hours before a 2-day turn's end). A turn of an
hour or less has none: its player has hardly left."""
_LEAD = (
    f"(CASE WHEN turn_timeout / 4 > {REMIND_AT_LEAST} "
    f"THEN turn_timeout / 4 ELSE {REMIND_AT_LEAST} END)"
)
_REMINDABLE = (
    f"status = 'active' AND turn_timeout > {REMIND_AT_LEAST} "
    f"AND deadline IS NOT NULL AND {_FINITE.format('deadline')} "
    "AND (reminded_deadline IS NULL OR reminded_deadline <> deadline)"
)
"""A running game whose turn is long enough for a reminder, not reminded of this
deadline yet."""


def reminder_at(deadline: float, turn_timeout: int) -> float | None:
    """When a turn ending at ``deadline`` reminds whoever must act (as the queries below
    decide it); ``None`` for a turn too short for one."""
    if turn_timeout <= REMIND_AT_LEAST:
        return None
    return deadline - max(turn_timeout // 4, REMIND_AT_LEAST)


async def reminders_due(
    connection: Connection, now: float, shards: Shards
) -> list[tuple[int, float]]:
    """Running games of these shards whose turn's reminder is due and not yet sent, with
    the deadline it is for: the turn has not ended yet (one that has is the deadline
    scan's)."""
    where, params = shards.where()
    rows = await connection.fetch(
        f"SELECT id, deadline FROM games WHERE {_REMINDABLE} AND deadline > ? "
        f"AND deadline - {_LEAD} <= ? AND {where} ORDER BY deadline",
        (now, now, *params),
    )
    return [(int(row["id"]), float(row["deadline"])) for row in rows]


async def next_reminder(connection: Connection, after: float, shards: Shards) -> float | None:
    """When the earliest reminder still to come is due."""
    where, params = shards.where()
    rows = list(
        await connection.fetch(
            f"SELECT MIN(deadline - {_LEAD}) AS earliest FROM games WHERE {_REMINDABLE} "
            f"AND deadline - {_LEAD} > ? AND {where}",
            (after, *params),
        )
    )
    earliest = rows[0]["earliest"]
    return None if earliest is None else float(earliest)


async def mark_reminded(connection: Connection, game_id: int, deadline: float) -> bool:
    """Notes the turn ending at ``deadline`` as reminded; ``False`` if the game's turn
    has moved on meanwhile (its deadline is another)."""
    changed = await connection.execute(
        "UPDATE games SET reminded_deadline = ? WHERE id = ? AND deadline = ?",
        (deadline, game_id, deadline),
    )
    return changed == 1


async def damaged_games(connection: Connection, shards: Shards) -> list[tuple[int, str]]:
    """Open games of these shards with a value the deadline scan reads damaged (a
    deadline that is no number is never due, so the scan alone would never find it), as
    (id, what is damaged)."""
    where, params = shards.where()
    rows = await connection.fetch(
        "SELECT id, version, shown_version, deadline FROM games "
        f"WHERE status IN ('lobby', 'active') AND {where} AND NOT ({_CLEAN})",
        params,
    )
    found = []
    for row in rows:
        _, damage = checked(_DUE, row)
        found.append((int(row["id"]), damage or "its values are damaged"))
    return found


async def clear_deadline(connection: Connection, game_id: int) -> bool:
    """Stops the game's clock; ``False`` if it was stopped already."""
    changed = await connection.execute(
        "UPDATE games SET deadline = NULL WHERE id = ? AND deadline IS NOT NULL", (game_id,)
    )
    return changed == 1
