"""Who follows which game, and what each follower was told."""

from __future__ import annotations

from sqlalchemy import Column, Index, Integer, Table, text

from bot.storage.schema.columns import SCHEMA, Id, Real, game_key, since

# Who follows which game, how many of its rounds each was told of, and where their last
# round's notice is (the next one replaces it): a follow of a game that is over is its
# end's notice still owed, and goes once that is recorded sent.
follows = Table(
    "follows",
    SCHEMA,
    game_key(),
    Column("user_id", Id, primary_key=True),
    Column("followed_at", Real, nullable=False),
    Column("rounds_told", Integer, nullable=False, server_default=text("0")),
    Column("notice_channel_id", Id, info=since(18)),
    Column("notice_id", Id, info=since(18)),
    info=since(16),
)
Index("follows_of_user", follows.c.user_id, info=since(16))
