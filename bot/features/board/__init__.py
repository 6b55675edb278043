"""The board: **Open the board** under a table opens the game in the app's Activity, a
board drawn on the player's own device (``bot.activity``) over the same game."""

from bot.service.feature_registry import DiscordPart, Feature

FEATURE = Feature(
    discord=DiscordPart(
        slots=("lobby_rows", "table_rows"),
        listens=("guild_channel_update", "guild_role_update", "member_update", "raw_member_remove"),
    )
)
