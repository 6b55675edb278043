"""Reads and writes of a server's seasons: each player's standing in a season, read from
the rating changes its rated games made (``rating_changes``, through its index on
server and game), and each season's end claimed for its one announcement.

Like the other ``*_queries`` modules, each function runs inside a transaction its
caller opened.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.connection import Connection

NO_END = 2.0**62
"""The end of a season that runs on: later than any game."""


@dataclass(frozen=True)
class SeasonEntry:
    """A player's season: their rated games whose end fell in it."""

    user_id: int
    display_name: str
    games: int
    wins: int
    """First places (a shared first counts; a game left early never does)."""
    mu_change: float
    """The sum of what each of those games did to their skill estimate (mu)."""


async def season_entries(
    connection: Connection,
    guild_id: int,
    kind: str,
    start: float,
    end: float | None,
    new_mu: float,
) -> list[SeasonEntry]:
    """Every player with a rated game of ``kind`` that ended in [``start``, ``end``) in the
    server, best first: the most skill gained, then the most wins, then the most games
    (``new_mu`` is a first game's skill before it)."""
    rows = await connection.fetch(
        "SELECT c.user_id AS user_id, MAX(p.display_name) AS display_name, "
        "COUNT(*) AS games, "
        "SUM(CASE WHEN r.won = 1 AND r.left_game = 0 THEN 1 ELSE 0 END) AS wins, "
        "SUM(c.mu_after - COALESCE(c.mu_before, ?)) AS mu_change "
        "FROM rating_changes c "
        "JOIN results r ON r.game_id = c.game_id AND r.user_id = c.user_id "
        "JOIN player_records p ON p.guild_id = c.guild_id AND p.kind = c.kind "
        "AND p.user_id = c.user_id "
        "WHERE c.guild_id = ? AND c.kind = ? AND c.at >= ? AND c.at < ? "
        "GROUP BY c.user_id "
        "ORDER BY mu_change DESC, wins DESC, games DESC, c.user_id",
        (new_mu, guild_id, kind, start, NO_END if end is None else end),
    )
    return [
        SeasonEntry(
            user_id=int(row["user_id"]),
            display_name=str(row["display_name"]),
            games=int(row["games"]),
            wins=int(row["wins"]),
            mu_change=float(row["mu_change"]),
        )
        for row in rows
    ]


async def first_rated_game(connection: Connection, guild_id: int, kind: str) -> float | None:
    """When the server's first rated game of ``kind`` ended; ``None`` before one did."""
    rows = list(
        await connection.fetch(
            "SELECT MIN(at) AS first FROM rating_changes WHERE guild_id = ? AND kind = ?",
            (guild_id, kind),
        )
    )
    first = rows[0]["first"] if rows else None
    return None if first is None else float(first)


async def last_channels(
    connection: Connection, guild_id: int, start: float, end: float
) -> dict[str, int]:
    """For each game of which the server finished a rated one in [``start``, ``end``),
    the channel the last of them was played from."""
    # The channel, not a game's own thread: a thread is the game's alone and may be
    # archived or gone, while the channel is where its players meet.
    rows = await connection.fetch(
        "SELECT g.kind AS kind, g.channel_id AS channel_id FROM games g "
        "WHERE g.guild_id = ? AND g.status = 'finished' AND g.rated = 1 "
        "AND g.finished_at >= ? AND g.finished_at < ? ORDER BY g.finish_seq",
        (guild_id, start, end),
    )
    # Later games overwrite earlier ones: the last of each kind stays.
    return {str(row["kind"]): int(row["channel_id"]) for row in rows}


async def guilds_with_seasons(connection: Connection) -> list[int]:
    """The servers that have seasons."""
    return await connection.ints(
        "SELECT guild_id FROM declared_settings WHERE name = 'seasons' AND value <> '\"off\"' "
        "ORDER BY guild_id"
    )


async def announced(connection: Connection, guild_id: int, start: float) -> set[str]:
    """The games whose season starting at ``start`` had its end announced in the server."""
    rows = await connection.fetch(
        "SELECT kind FROM season_announcements WHERE guild_id = ? AND season_start = ?",
        (guild_id, int(start)),
    )
    return {str(row["kind"]) for row in rows}


async def record_announcement(
    connection: Connection, guild_id: int, kind: str, start: float, channel_id: int, now: float
) -> bool:
    """Records the season's end (the season starting at ``start``) of ``kind`` announced
    in the server (or with nothing to announce); ``False`` when it was already."""
    return await connection.found(
        "INSERT INTO season_announcements (guild_id, kind, season_start, channel_id, "
        "announced_at) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT (guild_id, kind, season_start) DO NOTHING RETURNING guild_id",
        (guild_id, kind, int(start), channel_id, now),
    )
