"""Who follows which game: since when, how many of its rounds each follower was told of,
and (from their settings) whether they hear of rounds at all. A follow ends when its
game's end is told (the row taken is the claim on that one notice), or when its follower
drops it."""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.connection import Connection
from bot.storage.move_queries import UNDONE_BY
from bot.storage.records import Following, Move


@dataclass(frozen=True)
class Follower:
    """Someone following a game, as the notices need them."""

    user_id: int
    following: Following
    """When they hear of the games they follow (their own setting)."""
    rounds_told: int
    """How many of the game's rounds they were told of (or had passed when they began)."""


async def add_follow(
    connection: Connection, game_id: int, user_id: int, now: float, rounds: int
) -> bool:
    """``user_id`` follows the game from now on, ``rounds`` of its rounds already over;
    ``False`` when they followed it already."""
    rows = await connection.fetch(
        "INSERT INTO follows (game_id, user_id, followed_at, rounds_told) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (game_id, user_id) DO NOTHING RETURNING game_id",
        (game_id, user_id, now, rounds),
    )
    return bool(list(rows))


async def take_follow(connection: Connection, game_id: int, user_id: int) -> bool:
    """Ends ``user_id``'s follow of the game; ``False`` when they did not follow it (or
    another process took it first)."""
    rows = await connection.fetch(
        "DELETE FROM follows WHERE game_id = ? AND user_id = ? RETURNING game_id",
        (game_id, user_id),
    )
    return bool(list(rows))


async def follows(connection: Connection, game_id: int, user_id: int) -> bool:
    """Whether ``user_id`` follows the game."""
    rows = await connection.fetch(
        "SELECT 1 FROM follows WHERE game_id = ? AND user_id = ?", (game_id, user_id)
    )
    return bool(list(rows))


async def followers(connection: Connection, game_id: int) -> list[Follower]:
    """Everyone following the game, in the order they began."""
    rows = await connection.fetch(
        "SELECT f.user_id, p.following, f.rounds_told FROM follows f "
        "LEFT JOIN player_settings p ON p.user_id = f.user_id "
        "WHERE f.game_id = ? ORDER BY f.followed_at, f.user_id",
        (game_id,),
    )
    found = []
    for row in rows:
        try:
            following = Following(row["following"] or Following.END)
        except ValueError:
            following = Following.END
        found.append(Follower(int(row["user_id"]), following, int(row["rounds_told"])))
    return found


async def followed(connection: Connection, user_id: int, guild_id: int | None) -> list[int]:
    """The games being played that ``user_id`` follows (in one server, or in every one),
    in the order they began following them."""
    server = "" if guild_id is None else "AND g.guild_id = ? "
    rows = await connection.fetch(
        "SELECT g.id FROM follows f JOIN games g ON g.id = f.game_id "
        f"WHERE f.user_id = ? AND g.status = 'active' {server}"
        "ORDER BY f.followed_at, g.id",
        (user_id,) if guild_id is None else (user_id, guild_id),
    )
    return [int(row["id"]) for row in rows]


async def tell_round(connection: Connection, game_id: int, user_id: int, rounds: int) -> bool:
    """Claims the notice that the game's ``rounds`` rounds are over for ``user_id``:
    ``False`` when they were told of them (or another process claimed it) already."""
    rows = await connection.fetch(
        "UPDATE follows SET rounds_told = ? "
        "WHERE game_id = ? AND user_id = ? AND rounds_told < ? RETURNING game_id",
        (rounds, game_id, user_id, rounds),
    )
    return bool(list(rows))


async def moves_after(connection: Connection, game_id: int, seq: int) -> tuple[int, list[Move]]:
    """How many of the game's moves that stand (none a take-back undid) come up to
    ``seq``, and those after it, in order: what a count of its rounds kept up to ``seq``
    needs, and whether a take-back undid any it counted."""
    counted = await connection.fetch(
        f"SELECT COUNT(*) AS n FROM moves WHERE game_id = ? AND seq <= ? AND {UNDONE_BY} IS NULL",
        (game_id, seq),
    )
    rows = await connection.fetch(
        "SELECT seq, seat, action, at, stand_in FROM moves "
        f"WHERE game_id = ? AND seq > ? AND {UNDONE_BY} IS NULL ORDER BY seq",
        (game_id, seq),
    )
    moves = [
        Move(row["seq"], row["seat"], row["action"], row["at"], row["stand_in"] == 1)
        for row in rows
    ]
    return int(counted[0]["n"]), moves
