"""The tables of a server's seasons."""

from __future__ import annotations

from sqlalchemy import Column, Table, Text

from bot.storage.schema.columns import SCHEMA, Id, Real, since

# Each season's end of a game in a server, announced once: the row records it posted (or
# that nobody was ranked in it, so nothing was); one still owed has none.
season_announcements = Table(
    "season_announcements",
    SCHEMA,
    Column("guild_id", Id, primary_key=True),
    Column("kind", Text, primary_key=True),
    # Whole seconds since the epoch (64 bits, as the ids: past 2038).
    Column("season_start", Id, primary_key=True, autoincrement=False),
    Column("channel_id", Id, nullable=False),
    Column("announced_at", Real, nullable=False),
    sqlite_with_rowid=False,
    info=since(17),
)
