"""Each finished game's replay once made (per language), and where it was shared."""

from __future__ import annotations

from sqlalchemy import Column, LargeBinary, Table, Text

from bot.storage.schema.columns import SCHEMA, Real, game_key, since
from bot.storage.schema.shares import shares_table

replays = Table(
    "replays",
    SCHEMA,
    game_key(),
    Column("language", Text, primary_key=True),
    Column("gif", LargeBinary, nullable=False),
    Column("made_at", Real, nullable=False),
    info=since(9),
)

shared_replays = shares_table("shared_replays", 14)
