"""A share table: where something of each finished game was shared in a channel, once
(``bot.service.shares``). Each feature that shares keeps its own, of these columns."""

from __future__ import annotations

from sqlalchemy import Index, Table

from bot.storage.schema.columns import a_time, an_id, game_table, message, since, where

UNPOSTED_INDEXED = 23
"""The version the shares a stop left unposted were indexed in, for every table of
shares there was."""


def shares_table(name: str, version: int) -> Table:
    """The table ``name`` of shares, arrived in ``version``."""
    shares = game_table(
        name,
        *message(),
        an_id("user_id"),
        a_time("shared_at"),
        since=version,
    )
    # The shares a stop left unposted, which every start and takeover looks for: those alone.
    Index(
        f"{name}_unposted",
        shares.c.shared_at,
        **where(shares.c.message_id.is_(None)),
        info=since(max(version, UNPOSTED_INDEXED)),
    )
    return shares
