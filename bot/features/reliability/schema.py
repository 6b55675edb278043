"""Each player's reliability record per server, and a lobby's own minimum."""

from __future__ import annotations

from sqlalchemy import CheckConstraint, Column, Integer, Table

from bot.storage.schema.columns import SCHEMA, Id, Real, game_key, since

# One per player and server, across its games: what ``bot.features.reliability.service`` makes
# of it. Changed in the transaction of what it counts, so a game's end counts once.
reliability_records = Table(
    "reliability_records",
    SCHEMA,
    Column("guild_id", Id, primary_key=True),
    Column("user_id", Id, primary_key=True),
    Column("started", Integer, CheckConstraint("started >= 0"), nullable=False),
    Column("finished", Integer, CheckConstraint("finished >= 0"), nullable=False),
    Column("abandoned", Integer, CheckConstraint("abandoned >= 0"), nullable=False),
    Column("updated_at", Real, nullable=False),
    sqlite_with_rowid=False,
    info=since(16),
)

# A host's own minimum for joining their lobby (none: no row).
reliability_minimums = Table(
    "reliability_minimums",
    SCHEMA,
    game_key(),
    Column("minimum", Integer, CheckConstraint("minimum BETWEEN 1 AND 100"), nullable=False),
    info=since(16),
)
