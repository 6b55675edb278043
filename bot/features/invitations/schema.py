"""Private tables, and each invitation to one with its answer."""

from __future__ import annotations

from sqlalchemy import Column, Index, Table, Text

from bot.storage.schema.columns import SCHEMA, Id, Real, flag, game_key, one_of, since, where

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
    one_of("answer", ("asked", "accepted", "declined")),
    Column("answered_at", Real),
    flag("by_dm"),
    Column("channel_id", Id),
    Column("message_id", Id),
    flag("ended"),
    info=since(16),
)
Index(
    "private_invitations_live",
    private_invitations.c.game_id,
    **where(private_invitations.c.ended == 0),
    info=since(16),
)
