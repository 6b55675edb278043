"""Where each finished game's replay was shared."""

from __future__ import annotations

from sqlalchemy import Column, Index, Table

from bot.storage.schema.columns import SCHEMA, Id, Real, game_key, since, where

shared_replays = Table(
    "shared_replays",
    SCHEMA,
    game_key(),
    Column("channel_id", Id, nullable=False),
    Column("message_id", Id),
    Column("user_id", Id, nullable=False),
    Column("shared_at", Real, nullable=False),
    info=since(14),
)
# The shares a stop left unposted, which every start and takeover looks for: those alone.
Index(
    "shared_replays_unposted",
    shared_replays.c.shared_at,
    **where(shared_replays.c.message_id.is_(None)),
    info=since(23),
)
