"""Which game each member last opened the board from, in each channel."""

from __future__ import annotations

from bot.storage.schema.columns import a_time, an_id, key, table

# Discord passes nothing from a launch button to the Activity it opens: the press is kept
# here, and the Activity's signed-in viewer in that channel finds the game by it.
board_launches = table(
    "board_launches",
    key("user_id"),
    key("channel_id"),
    an_id("game_id"),
    a_time("launched_at"),
    since=21,
)
