"""Each finished game's report once made, and where it was shared."""

from __future__ import annotations

from sqlalchemy import Column, Index, Table, Text

from bot.storage.schema.columns import SCHEMA, Id, Real, game_key, since, where

# Judging a game takes seconds of CPU: it is done once, and the report kept for good
# (a finished game never changes).
analyses = Table(
    "analyses",
    SCHEMA,
    game_key(),
    Column("report", Text, nullable=False),
    Column("made_at", Real, nullable=False),
    info=since(22),
)

shared_analyses = Table(
    "shared_analyses",
    SCHEMA,
    game_key(),
    Column("channel_id", Id, nullable=False),
    Column("message_id", Id),
    Column("user_id", Id, nullable=False),
    Column("shared_at", Real, nullable=False),
    info=since(22),
)
# The shares a stop left unposted, which every start and takeover looks for: those alone.
Index(
    "shared_analyses_unposted",
    shared_analyses.c.shared_at,
    **where(shared_analyses.c.message_id.is_(None)),
    info=since(23),
)
