"""Who follows which game, and what each follower was told."""

from __future__ import annotations

from sqlalchemy import Column, Index

from bot.storage.schema.columns import Id, a_count, a_time, game_table, key, since

# Who follows which game, how many of its rounds each was told of, and where their last
# round's notice is (the next one replaces it): a follow of a game that is over is its
# end's notice still owed, and goes once that is recorded sent.
follows = game_table(
    "follows",
    key("user_id"),
    a_time("followed_at"),
    a_count("rounds_told"),
    Column("notice_channel_id", Id, info=since(18)),
    Column("notice_id", Id, info=since(18)),
    since=16,
)
Index("follows_of_user", follows.c.user_id)
