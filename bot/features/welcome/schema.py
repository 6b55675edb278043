"""The welcome: which of the bot's joins of each server was welcomed, and where the
welcome of the latest goes while it is owed."""

from __future__ import annotations

from sqlalchemy import Column

from bot.storage.schema.columns import Id, a_time, flag, key, since, table

welcomes = table(
    "welcomes",
    key("guild_id"),
    # When the bot joined the server, as Discord tells it: the same for every delivery
    # of one join (to a second process, or again after a resume), a new one when the
    # server adds the bot again after removing it.
    a_time("joined_at"),
    # When the join was seen, then when its welcome was settled (posted, or refused).
    a_time("welcomed_at"),
    # The channel picked at the join, where its welcome goes; none where the bot may post
    # nowhere (and in the joins welcomed before version 26).
    Column("channel_id", Id, info=since(26)),
    # The welcome of this join is still to be posted: a start (or a process taking the
    # server's shard over) posts it (the joins welcomed before version 26 owe nothing).
    flag("owed", default=False, info=since(26)),
    since=25,
)
