"""Links that open a game's messages in Discord. A game's ``guild_id`` is its scope,
which for a conversation (a DM or group DM, or a server the bot is not in) names no
server: its link names the place as Discord does (``@me`` for a DM or group DM, the
server's own id otherwise)."""

from __future__ import annotations

from bot.storage import Game

DIRECT = "@me"
"""What a link to a message in a DM or group DM has in place of a server's id."""


def place_link(guild_id: int, channel_id: int, message_id: int) -> str:
    """The link that opens a message in the server ``guild_id`` (0: a DM or group DM)."""
    guild = DIRECT if guild_id == 0 else str(guild_id)
    return f"https://discord.com/channels/{guild}/{channel_id}/{message_id}"


def game_link(game: Game, message_id: int, channel_id: int | None = None) -> str:
    """The link that opens the game's message ``message_id``, in ``channel_id`` (by
    default where its turns go)."""
    channel = game.place_id if channel_id is None else channel_id
    return place_link(game.place_guild_id, channel, message_id)
