"""Where each finished game's replay was shared."""

from __future__ import annotations

from sqlalchemy import Column, Table

from bot.storage.schema.columns import SCHEMA, Id, Real, game_key, since

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
