"""Private tables, and each invitation to one with its answer."""

from __future__ import annotations

from sqlalchemy import CheckConstraint, Column, Index, Integer, Table, Text

from bot.storage.schema.columns import SCHEMA, Id, Real, game_key, since, where

private_tables = Table(
    "private_tables",
    SCHEMA,
    game_key(),
    Column("made_at", Real, nullable=False),
    info=since(16),
)

private_invitations = Table(
    "private_invitations",
    SCHEMA,
    game_key(),
    Column("user_id", Id, primary_key=True),
    Column("name", Text, nullable=False),
    Column("invited_by", Id, nullable=False),
    Column("invited_at", Real, nullable=False),
    Column(
        "answer",
        Text,
        CheckConstraint("answer IN ('asked', 'accepted', 'declined')"),
        nullable=False,
    ),
    Column("answered_at", Real),
    Column("by_dm", Integer, CheckConstraint("by_dm IN (0, 1)"), nullable=False),
    Column("channel_id", Id),
    Column("message_id", Id),
    Column("ended", Integer, CheckConstraint("ended IN (0, 1)"), nullable=False),
    info=since(16),
)
Index(
    "private_invitations_live",
    private_invitations.c.game_id,
    **where(private_invitations.c.ended == 0),
    info=since(16),
)
