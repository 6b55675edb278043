"""A share table: where something of each finished game was shared in a channel, once
(``bot.service.shares``). Each feature that shares keeps its own, of these columns."""

from __future__ import annotations

from sqlalchemy import Column, Index, Table

from bot.storage.schema.columns import SCHEMA, Id, Real, game_key, since, where

UNPOSTED_INDEXED = 23
"""The version the shares a stop left unposted were indexed in, for every table of
shares there was."""


def shares_table(name: str, version: int) -> Table:
    """The table ``name`` of shares, arrived in ``version``."""
    table = Table(
        name,
        SCHEMA,
        game_key(),
        Column("channel_id", Id, nullable=False),
        Column("message_id", Id),
        Column("user_id", Id, nullable=False),
        Column("shared_at", Real, nullable=False),
        info=since(version),
    )
    # The shares a stop left unposted, which every start and takeover looks for: those alone.
    Index(
        f"{name}_unposted",
        table.c.shared_at,
        **where(table.c.message_id.is_(None)),
        info=since(max(version, UNPOSTED_INDEXED)),
    )
    return table
