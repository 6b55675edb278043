"""Each finished game's report once made, and where it was shared."""

from __future__ import annotations

from sqlalchemy import Column, Table, Text

from bot.storage.schema.columns import SCHEMA, Real, game_key, since
from bot.storage.schema.shares import shares_table

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

shared_analyses = shares_table("shared_analyses", 22)
