"""Each player's reliability record per server, and a lobby's own minimum."""

from __future__ import annotations

from sqlalchemy import CheckConstraint, Column, Integer

from bot.storage.schema.columns import a_time, game_table, key, table

# One per player and server, across its games: what ``bot.features.reliability.service`` makes
# of it. Changed in the transaction of what it counts, so a game's end counts once.
reliability_records = table(
    "reliability_records",
    key("guild_id"),
    key("user_id"),
    Column("started", Integer, CheckConstraint("started >= 0"), nullable=False),
    Column("finished", Integer, CheckConstraint("finished >= 0"), nullable=False),
    Column("abandoned", Integer, CheckConstraint("abandoned >= 0"), nullable=False),
    a_time("updated_at"),
    sqlite_with_rowid=False,
    since=16,
)

# A host's own minimum for joining their lobby (none: no row).
reliability_minimums = game_table(
    "reliability_minimums",
    Column("minimum", Integer, CheckConstraint("minimum BETWEEN 1 AND 100"), nullable=False),
    since=16,
)
