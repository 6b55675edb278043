"""Reads and writes of the shards' leases (``shard_leases``), inside transactions the
lease service opens. Every write takes the same lock, so processes renewing at the
same moment see each other's leases; the table has a row per shard."""

from __future__ import annotations

from collections.abc import Collection

from bot.storage.connection import Connection, marks

LOCK = "shard leases"
CHANGED = "claimit_shard_leases"
"""The channel on which a process announces that it let its leases go or took its own
back, so that the others renew at once instead of at their next renewal."""
UNSHOWN = "claimit_games_unshown"
"""Where a process says it changed a game it can't show: one of another's shards (a move
from a direct message, which always comes on the first shard); or that a process that
stopped may have left such a game untold (it took that process's leases, or it is that
process started again)."""


async def now(connection: Connection) -> float:
    """The database's own clock, in seconds: every process of a shared database reads leases by
    the same time."""
    rows = await connection.fetch(f"SELECT {connection.clock} AS clock")
    return float(rows[0]["clock"])


async def other_counts(connection: Connection, count: int, at: float) -> list[int]:
    """The shard counts of live leases other than ``count``."""
    return await connection.ints(
        "SELECT DISTINCT shard_count FROM shard_leases WHERE shard_count <> ? AND expires_at > ?",
        (count, at),
    )


async def lay_out(connection: Connection, count: int) -> None:
    """A row for each of ``count`` shards (and none for a count no live process uses),
    free to be taken."""
    await connection.execute("DELETE FROM shard_leases WHERE shard_count <> ?", (count,))
    await connection.executemany(
        "INSERT INTO shard_leases (shard, shard_count, holder, stand_in, expires_at) "
        "VALUES (?, ?, '', 1, 0) ON CONFLICT (shard) DO NOTHING",
        [(shard, count) for shard in range(count)],
    )


async def claim_own(
    connection: Connection,
    holder: str,
    shards: Collection[int],
    at: float,
    until: float,
    *,
    alone: bool = False,
) -> None:
    """Renews this process's own shards, taking back any a stand-in holds or that
    expired (one still held by a live process that runs the same shard stays there,
    unless this process is ``alone`` on its database: then any other holder is a
    run of it that was killed)."""
    if not shards:
        return
    free = "1 = 1" if alone else "holder = ? OR stand_in = 1 OR expires_at <= ?"
    await connection.execute(
        "UPDATE shard_leases SET holder = ?, stand_in = 0, expires_at = ? "
        f"WHERE shard IN ({marks(shards)}) AND ({free})",
        (holder, until, *sorted(shards), *(() if alone else (holder, at))),
    )


async def stand_in(
    connection: Connection, holder: str, own: Collection[int], at: float, until: float
) -> None:
    """Renews the other shards this process stands in for, and takes those whose
    holder stopped renewing (a process that died)."""
    others = f"shard NOT IN ({marks(own)}) AND " if own else ""
    await connection.execute(
        "UPDATE shard_leases SET holder = ?, stand_in = 1, expires_at = ? "
        f"WHERE {others}(holder = ? OR expires_at <= ?)",
        (holder, until, *sorted(own), holder, at),
    )


async def held_by(connection: Connection, holder: str) -> set[int]:
    """The shards whose leases ``holder`` holds now."""
    rows = await connection.fetch("SELECT shard FROM shard_leases WHERE holder = ?", (holder,))
    return {int(row["shard"]) for row in rows}


async def release(connection: Connection, holder: str) -> None:
    """Lets every lease of this process go at once (it is stopping), and says so."""
    await connection.execute("UPDATE shard_leases SET expires_at = 0 WHERE holder = ?", (holder,))
    await connection.notify(CHANGED)


async def announce_unshown(connection: Connection) -> None:
    """Tells the other processes that a game changed that this one can't show."""
    await connection.notify(UNSHOWN)


async def announce(connection: Connection) -> None:
    """Tells the other processes that the leases changed hands."""
    await connection.notify(CHANGED)
