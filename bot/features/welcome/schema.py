"""The welcome: which of the bot's joins of each server was welcomed."""

from __future__ import annotations

from bot.storage.schema.columns import a_time, key, table

welcomes = table(
    "welcomes",
    key("guild_id"),
    # When the bot joined the server, as Discord tells it: the same for every delivery
    # of one join (to a second process, or again after a resume), a new one when the
    # server adds the bot again after removing it.
    a_time("joined_at"),
    a_time("welcomed_at"),
    since=25,
)
