"""The tables of a server's seasons."""

from __future__ import annotations

from sqlalchemy import Column, Text

from bot.storage.schema.columns import Id, a_time, an_id, key, table

# Each season's end of a game in a server, announced once: the row records it posted (or
# that nobody was ranked in it, so nothing was); one still owed has none.
season_announcements = table(
    "season_announcements",
    key("guild_id"),
    Column("kind", Text, primary_key=True),
    # Whole seconds since the epoch (64 bits, as the ids: past 2038).
    Column("season_start", Id, primary_key=True, autoincrement=False),
    an_id("channel_id"),
    a_time("announced_at"),
    sqlite_with_rowid=False,
    since=17,
)
