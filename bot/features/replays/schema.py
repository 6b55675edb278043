"""Each finished game's replay once made (per language), and where it was shared."""

from __future__ import annotations

from sqlalchemy import Column, LargeBinary, Text

from bot.storage.schema.columns import a_time, game_table
from bot.storage.schema.shares import shares_table

replays = game_table(
    "replays",
    Column("language", Text, primary_key=True),
    Column("gif", LargeBinary, nullable=False),
    a_time("made_at"),
    since=9,
)

shared_replays = shares_table("shared_replays", 14)
