"""Who follows which game: since when, how many of its rounds each follower was told of
and where the last round's notice is, and (from their settings) whether they hear of
rounds at all. A follow ends when its game's end is recorded told (a follow of a game
that is over is that notice still owed), or when its follower drops it."""

from __future__ import annotations

from dataclasses import dataclass

from bot.features.following.settings import FOLLOWING, Following
from bot.storage.connection import Connection, Row
from bot.storage.move_queries import UNDONE_BY
from bot.storage.records import Move
from bot.storage.shards import Shards
from bot.storage.stored_json import kept_text, kept_value


@dataclass(frozen=True)
class Notice:
    """A follower's direct message about a game: where it is."""

    channel_id: int
    message_id: int


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
    return await connection.found(
        "INSERT INTO follows (game_id, user_id, followed_at, rounds_told) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (game_id, user_id) DO NOTHING RETURNING game_id",
        (game_id, user_id, now, rounds),
    )


async def take_follow(
    connection: Connection, game_id: int, user_id: int
) -> tuple[bool, Notice | None]:
    """Ends ``user_id``'s follow of the game: whether they followed it, and their last
    round's notice (which the end's replaces)."""
    rows = await connection.fetch(
        "DELETE FROM follows WHERE game_id = ? AND user_id = ? "
        "RETURNING notice_channel_id, notice_id",
        (game_id, user_id),
    )
    found = list(rows)
    return bool(found), _notice(found[0]) if found else None


async def follows(connection: Connection, game_id: int, user_id: int) -> bool:
    """Whether ``user_id`` follows the game."""
    return await connection.found(
        "SELECT 1 FROM follows WHERE game_id = ? AND user_id = ?", (game_id, user_id)
    )


async def followers(connection: Connection, game_id: int) -> list[Follower]:
    """Everyone following the game, in the order they began."""
    rows = await connection.fetch(
        "SELECT f.user_id, p.value, f.rounds_told FROM follows f "
        "LEFT JOIN declared_player_settings p ON p.user_id = f.user_id AND p.name = ? "
        "WHERE f.game_id = ? ORDER BY f.followed_at, f.user_id",
        (FOLLOWING.name, game_id),
    )
    return [
        Follower(
            int(row["user_id"]),
            FOLLOWING.kept_as(kept_value(row["value"])),
            int(row["rounds_told"]),
        )
        for row in rows
    ]


async def followed(connection: Connection, user_id: int, guild_id: int | None) -> list[int]:
    """The games being played that ``user_id`` follows (in one server, or in every one),
    in the order they began following them."""
    server = "" if guild_id is None else "AND g.guild_id = ? "
    return await connection.ints(
        "SELECT g.id FROM follows f JOIN games g ON g.id = f.game_id "
        f"WHERE f.user_id = ? AND g.status = 'active' {server}"
        "ORDER BY f.followed_at, g.id",
        (user_id,) if guild_id is None else (user_id, guild_id),
    )


async def told_round(
    connection: Connection, game_id: int, user_id: int, rounds: int, notice: Notice | None
) -> tuple[bool, Notice | None]:
    """Records ``user_id`` told that the game's ``rounds`` rounds are over, by ``notice``
    (``None``: not told, their direct messages refused it): whether it was recorded (not
    when they were told of as many already), and the notice it replaces."""
    await connection.lock("follow", game_id, user_id)
    before = await connection.fetch(
        "SELECT notice_channel_id, notice_id FROM follows "
        "WHERE game_id = ? AND user_id = ? AND rounds_told < ?",
        (game_id, user_id, rounds),
    )
    if not before:
        return False, None
    await connection.execute(
        "UPDATE follows SET rounds_told = ?, notice_channel_id = ?, notice_id = ? "
        "WHERE game_id = ? AND user_id = ?",
        (
            rounds,
            None if notice is None else notice.channel_id,
            None if notice is None else notice.message_id,
            game_id,
            user_id,
        ),
    )
    return True, _notice(before[0])


async def ended_follows(connection: Connection, shards: Shards) -> list[tuple[int, int]]:
    """The follows of ``shards``' games that are over, as (game, follower): each owes its
    follower the end's notice."""
    where, params = shards.where("g.guild_id")
    rows = await connection.fetch(
        "SELECT f.game_id, f.user_id FROM follows f JOIN games g ON g.id = f.game_id "
        f"WHERE g.status NOT IN ('lobby', 'active') AND {where} ORDER BY f.game_id, f.user_id",
        params,
    )
    return [(int(row["game_id"]), int(row["user_id"])) for row in rows]


async def games_followed_by_rounds(connection: Connection, shards: Shards) -> list[int]:
    """``shards``' games being played that someone follows round by round."""
    where, params = shards.where("g.guild_id")
    return await connection.ints(
        "SELECT DISTINCT g.id FROM follows f JOIN games g ON g.id = f.game_id "
        "JOIN declared_player_settings p ON p.user_id = f.user_id AND p.name = ? "
        f"WHERE g.status = 'active' AND p.value = ? AND {where} ORDER BY g.id",
        (FOLLOWING.name, kept_text(Following.ROUNDS), *params),
    )


def _notice(row: Row) -> Notice | None:
    channel, message = row["notice_channel_id"], row["notice_id"]
    if channel is None or message is None:
        return None
    return Notice(int(channel), int(message))


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
