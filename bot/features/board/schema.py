"""Which game each member last opened the board from, in each channel."""

from __future__ import annotations

from sqlalchemy import Column, Table

from bot.storage.schema.columns import SCHEMA, Id, Real, since

# Discord passes nothing from a launch button to the Activity it opens: the press is kept
# here, and the Activity's signed-in viewer in that channel finds the game by it.
board_launches = Table(
    "board_launches",
    SCHEMA,
    Column("user_id", Id, primary_key=True),
    Column("channel_id", Id, primary_key=True),
    Column("game_id", Id, nullable=False),
    Column("launched_at", Real, nullable=False),
    info=since(21),
)
