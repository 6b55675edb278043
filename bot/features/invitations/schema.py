"""Private tables, and each invitation to one with its answer."""

from __future__ import annotations

from sqlalchemy import Column, Index, Text

from bot.storage.schema.columns import (
    Id,
    Real,
    a_time,
    an_id,
    flag,
    game_table,
    key,
    one_of,
    where,
)

private_tables = game_table("private_tables", a_time("made_at"), since=16)

private_invitations = game_table(
    "private_invitations",
    key("user_id"),
    Column("name", Text, nullable=False),
    an_id("invited_by"),
    a_time("invited_at"),
    one_of("answer", ("asked", "accepted", "declined")),
    Column("answered_at", Real),
    flag("by_dm"),
    Column("channel_id", Id),
    Column("message_id", Id),
    flag("ended"),
    since=16,
)
Index(
    "private_invitations_live",
    private_invitations.c.game_id,
    **where(private_invitations.c.ended == 0),
)
