"""Reads and writes of the processes' shares of Discord's global request limit
(``pace_grants``; ``bot.service.pace_grants`` decides them). A grant is raised only in a
transaction holding ``LOCK``, out of what the live grants leave free; a renewal may lower
its own grant but never raise it, and needs no lock. Expiries are on the database's
clock, which every process reads alike."""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.connection import Connection
from bot.storage.lease_queries import now

LOCK = "pace grants"


@dataclass(frozen=True)
class Grant:
    """A live process's share, as its last write left it."""

    holder: str
    granted: int
    """Requests it may have in any second."""
    demand: int
    """Requests it sent and had waiting over its last second."""


async def live(connection: Connection) -> list[Grant]:
    """Every grant that has not expired, by holder."""
    rows = await connection.fetch(
        "SELECT holder, granted, demand FROM pace_grants "
        f"WHERE expires_at > {connection.clock} ORDER BY holder"
    )
    return [Grant(str(row["holder"]), int(row["granted"]), int(row["demand"])) for row in rows]


async def renew(
    connection: Connection, holder: str, granted: int, demand: int, lease: float
) -> bool:
    """Renews ``holder``'s grant for ``lease`` seconds, lowered to ``granted`` if it held
    more (never raised: that takes ``raise_to``), with its ``demand``; ``False`` if it
    has none live (it expired: what it held may be another's by now)."""
    changed = await connection.execute(
        "UPDATE pace_grants SET granted = CASE WHEN granted < ? THEN granted ELSE ? END, "
        f"demand = ?, expires_at = {connection.clock} + ? "
        f"WHERE holder = ? AND expires_at > {connection.clock}",
        (granted, granted, demand, lease, holder),
    )
    return changed > 0


async def raise_to(
    connection: Connection, holder: str, wanted: int, demand: int, budget: int, lease: float
) -> int:
    """Raises ``holder``'s grant towards ``wanted`` out of what the other live grants
    leave of ``budget`` (never lowering it), renewed for ``lease`` seconds with its
    ``demand``, and returns it; forgets the grants that expired. Only inside a
    transaction that holds ``LOCK``: two processes taking at once would each see the
    other's share free."""
    at = await now(connection)
    await connection.execute("DELETE FROM pace_grants WHERE expires_at <= ?", (at,))
    grants = await live(connection)
    others = sum(grant.granted for grant in grants if grant.holder != holder)
    held = next((grant.granted for grant in grants if grant.holder == holder), 0)
    granted = max(held, min(wanted, budget - others))
    await connection.upsert(
        "pace_grants", {"holder": holder}, granted=granted, demand=demand, expires_at=at + lease
    )
    return granted


async def expire_soon(connection: Connection, holder: str, within: float) -> None:
    """Lets ``holder``'s grant expire ``within`` seconds from now (it stops: the requests
    it sent last leave Discord's second meanwhile)."""
    await connection.execute(
        f"UPDATE pace_grants SET expires_at = {connection.clock} + ? "
        f"WHERE holder = ? AND expires_at > {connection.clock} + ?",
        (within, holder, within),
    )
