"""How many games of a process's shards are open now, by kind and status: one cheap
count, for the operator's figures (``bot.metrics``)."""

from __future__ import annotations

from bot.storage.connection import Connection
from bot.storage.shards import Shards


async def open_games(connection: Connection, shards: Shards) -> dict[tuple[str, str], int]:
    """The open games of ``shards``, counted by (kind, status): ``lobby`` or ``active``."""
    where, params = shards.where()
    rows = await connection.fetch(
        "SELECT kind, status, COUNT(*) AS games FROM games "
        f"WHERE status IN ('lobby', 'active') AND {where} GROUP BY kind, status",
        params,
    )
    return {(str(row["kind"]), str(row["status"])): int(row["games"]) for row in rows}
