"""The voice channels whose status the bot set and has not cleared yet, with the migration
step that brought them."""

from __future__ import annotations

from sqlalchemy import Column, ForeignKey

from bot.storage.migrations import Step, feature_step
from bot.storage.schema.columns import Id, a_time, an_id, key, table

# A row is written before a channel's status is first set for a game, and goes once it
# is cleared: a stop between a game's end and its clearing leaves it, and the next start
# (or the process taking the server's shard over) clears what its game no longer shows.
voice_statuses = table(
    "voice_statuses",
    key("channel_id"),
    an_id("guild_id"),
    Column("game_id", Id, ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    a_time("set_at"),
    since=30,
)

# 30: the voice channels whose status the bot set for a game, owed their clearing.
feature_step(30, Step())
