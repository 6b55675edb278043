"""The deadline scan, per shard: the open games whose deadline has passed, the next
deadline to come, and the games whose values the scan reads are damaged (whose clock is
stopped, as they can't move on)."""

from __future__ import annotations

from bot.storage.connection import Connection
from bot.storage.game_rows import DAMAGED_VERSION
from bot.storage.records import DueGames
from bot.storage.row_checks import Column, checked, number, whole, whole_or_none
from bot.storage.shards import Shards

_FINITE = "{0} BETWEEN -1e18 AND 1e18"
"""True for a finite number (on SQLite also: a number at all)."""
_DUE: tuple[Column, ...] = (
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
