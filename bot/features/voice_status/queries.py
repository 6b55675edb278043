"""The voice channels' statuses owed their clearing: each written before a game's status is
first set, gone once it is cleared."""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.connection import Connection
from bot.storage.shards import Shards


@dataclass(frozen=True)
class Owed:
    """A voice channel whose status the bot set for a game that is over (or not played)."""

    channel_id: int
    game_id: int


async def owe(
    connection: Connection, channel_id: int, guild_id: int, game_id: int, now: float
) -> None:
    """The channel's status is about to be set for the game: owed its clearing."""
    await connection.upsert(
        "voice_statuses", {"channel_id": channel_id}, guild_id=guild_id, game_id=game_id, set_at=now
    )


async def settle(connection: Connection, channel_id: int, game_id: int) -> None:
    """The game's status in the channel was cleared (or can never be): owed no more."""
    await connection.execute(
        "DELETE FROM voice_statuses WHERE channel_id = ? AND game_id = ?", (channel_id, game_id)
    )


async def over(connection: Connection, shards: Shards) -> list[Owed]:
    """The channels of ``shards``' servers whose status names a game no longer played."""
    where, params = shards.where("v.guild_id")
    rows = await connection.fetch(
        "SELECT v.channel_id, v.game_id FROM voice_statuses v JOIN games g ON g.id = v.game_id "
        f"WHERE g.status <> 'active' AND {where} ORDER BY v.channel_id",
        params,
    )
    return [Owed(row["channel_id"], row["game_id"]) for row in rows]
