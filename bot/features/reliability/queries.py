"""Each player's reliability record per server (the games they started, finished and
abandoned), and a lobby's own minimum for joining it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.storage.connection import Connection, marks


@dataclass(frozen=True)
class ReliabilityRecord:
    """A player's games in one server, as their reliability counts them."""

    started: int = 0
    """Games that started with them seated."""
    finished: int = 0
    """Of those, games played to the end with them still in their seat."""
    abandoned: int = 0
    """Of those, games they left, or whose seat was taken over after their time-outs."""


async def count(
    connection: Connection,
    guild_id: int,
    users: Iterable[int],
    now: float,
    *,
    started: int = 0,
    finished: int = 0,
    abandoned: int = 0,
) -> None:
    """Adds to each of ``users``' records in the server, in the transaction of the change
    that counts (one statement each, so that games ending at once in any process each
    add theirs)."""
    await connection.executemany(
        "INSERT INTO reliability_records "
        "(guild_id, user_id, started, finished, abandoned, updated_at) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, user_id) DO UPDATE SET "
        "started = reliability_records.started + excluded.started, "
        "finished = reliability_records.finished + excluded.finished, "
        "abandoned = reliability_records.abandoned + excluded.abandoned, "
        "updated_at = excluded.updated_at",
        [(guild_id, user, started, finished, abandoned, now) for user in sorted(set(users))],
    )


async def records(
    connection: Connection, guild_id: int, users: Iterable[int]
) -> dict[int, ReliabilityRecord]:
    """The records of ``users`` in the server; someone without one has none yet."""
    wanted = sorted(set(users))
    if not wanted:
        return {}
    rows = await connection.fetch(
        "SELECT user_id, started, finished, abandoned FROM reliability_records "
        f"WHERE guild_id = ? AND user_id IN ({marks(wanted)})",
        (guild_id, *wanted),
    )
    return {
        int(row["user_id"]): ReliabilityRecord(
            int(row["started"]), int(row["finished"]), int(row["abandoned"])
        )
        for row in rows
    }


async def set_minimum(connection: Connection, game_id: int, minimum: int) -> None:
    """The lobby's own minimum (whole percent) for joining it."""
    await connection.execute(
        "INSERT INTO reliability_minimums (game_id, minimum) VALUES (?, ?)", (game_id, minimum)
    )


async def minimum(connection: Connection, game_id: int) -> int | None:
    """The lobby's own minimum for joining it, if its host set one."""
    rows = await connection.fetch(
        "SELECT minimum FROM reliability_minimums WHERE game_id = ?", (game_id,)
    )
    return int(rows[0]["minimum"]) if rows else None
