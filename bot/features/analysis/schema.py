"""Each finished game's report once made, and where it was shared."""

from __future__ import annotations

from sqlalchemy import Column, Text

from bot.storage.schema.columns import a_time, game_key, table
from bot.storage.schema.shares import shares_table

# Judging a game takes seconds of CPU: it is done once, and the report kept for good
# (a finished game never changes).
analyses = table(
    "analyses",
    game_key(),
    Column("report", Text, nullable=False),
    a_time("made_at"),
    since=22,
)

shared_analyses = shares_table("shared_analyses", 22)
