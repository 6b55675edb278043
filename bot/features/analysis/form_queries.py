"""Reads of players' form: what their judged games' seats (``analysis_seats``, one row per
seat of each game whose report was made) add up to, over a server's (or a
conversation's) finished games of one kind.

Like the other ``*_queries`` modules, each function runs inside a transaction its
caller opened.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.connection import Connection, Row

COUNTED = "AND NOT EXISTS (SELECT 1 FROM unrated_games u WHERE u.game_id = g.id) "
"""Only games that count on a ladder: one played with hints (or an unrated tournament's)
counts in no ranking and in no one's form."""
JUDGED = (
    "FROM analysis_seats a JOIN games g ON g.id = a.game_id "
    f"WHERE g.guild_id = ? AND g.kind = ? AND g.status = 'finished' {COUNTED}"
)
"""The seats of the scope's judged finished games of a kind that count."""


@dataclass(frozen=True)
class Tally:
    """Judged games' seats of one player (or one computer level), summed."""

    games: int
    decisions: int
    """Their judged decisions."""
    chance_lost: float
    """What those decisions cost, in chance to win (0 to 1 a decision), summed."""
    luck: float
    """Their luck in those games, in chance to win, summed."""


@dataclass(frozen=True)
class PlayerTally:
    """A person's last judged games in a scope, summed, under the name they last had."""

    user_id: int
    display_name: str
    tally: Tally


async def player_tally(
    connection: Connection, scope: int, kind: str, user_id: int, last: int | None
) -> Tally:
    """The person's judged games of ``kind`` in the scope, summed: the ``last`` ones
    that finished latest, or (``None``) all of them."""
    latest = "" if last is None else " LIMIT ?"
    rows = await connection.fetch(
        "SELECT COUNT(*) AS games, COALESCE(SUM(t.decisions), 0) AS decisions, "
        "COALESCE(SUM(t.chance_lost), 0) AS chance_lost, COALESCE(SUM(t.luck), 0) AS luck "
        "FROM (SELECT a.decisions AS decisions, a.chance_lost AS chance_lost, a.luck AS luck "
        f"{JUDGED}AND a.user_id = ? ORDER BY g.finished_at DESC, g.id DESC{latest}) t",
        (scope, kind, user_id, *(() if last is None else (last,))),
    )
    return _tally(rows[0])


async def uncounted(connection: Connection, scope: int, kind: str, user_id: int) -> int:
    """The person's judged finished games of ``kind`` in the scope that count in no form
    (played with hints, say)."""
    rows = await connection.fetch(
        "SELECT COUNT(*) AS games FROM analysis_seats a JOIN games g ON g.id = a.game_id "
        "JOIN unrated_games u ON u.game_id = g.id "
        "WHERE g.guild_id = ? AND g.kind = ? AND g.status = 'finished' AND a.user_id = ?",
        (scope, kind, user_id),
    )
    return int(rows[0]["games"])


async def finished_any(connection: Connection, scope: int, kind: str, user_id: int) -> bool:
    """Whether the person finished a game of ``kind`` in the scope (judged or not)."""
    return await connection.found(
        "SELECT 1 FROM results r JOIN games g ON g.id = r.game_id "
        "WHERE g.guild_id = ? AND g.kind = ? AND g.status = 'finished' AND r.user_id = ? "
        "LIMIT 1",
        (scope, kind, user_id),
    )


async def player_tallies(
    connection: Connection, scope: int, kind: str, last: int
) -> list[PlayerTally]:
    """Every person with a judged game of ``kind`` in the scope: their ``last`` judged
    games that finished latest, summed, in no order."""
    rows = await connection.fetch(
        "SELECT t.user_id AS user_id, "
        "MAX(CASE WHEN t.latest = 1 THEN t.display_name END) AS display_name, "
        "COUNT(*) AS games, SUM(t.decisions) AS decisions, "
        "SUM(t.chance_lost) AS chance_lost, SUM(t.luck) AS luck "
        "FROM (SELECT a.user_id AS user_id, a.decisions AS decisions, "
        "a.chance_lost AS chance_lost, a.luck AS luck, r.display_name AS display_name, "
        "ROW_NUMBER() OVER (PARTITION BY a.user_id ORDER BY g.finished_at DESC, g.id DESC) "
        "AS latest "
        "FROM analysis_seats a JOIN games g ON g.id = a.game_id "
        "JOIN results r ON r.game_id = a.game_id AND r.seat = a.seat "
        f"WHERE g.guild_id = ? AND g.kind = ? AND g.status = 'finished' {COUNTED}"
        "AND a.user_id IS NOT NULL) t "
        "WHERE t.latest <= ? GROUP BY t.user_id",
        (scope, kind, last),
    )
    return [PlayerTally(int(row["user_id"]), str(row["display_name"]), _tally(row)) for row in rows]


async def level_tallies(connection: Connection, scope: int, kind: str) -> dict[str, Tally]:
    """Each computer level's judged games of ``kind`` in the scope, all of them summed
    (a level plays as it always did: its old games tell as much as its new ones)."""
    rows = await connection.fetch(
        "SELECT a.level AS level, COUNT(*) AS games, SUM(a.decisions) AS decisions, "
        "SUM(a.chance_lost) AS chance_lost, SUM(a.luck) AS luck "
        f"{JUDGED}AND a.level IS NOT NULL GROUP BY a.level",
        (scope, kind),
    )
    return {str(row["level"]): _tally(row) for row in rows}


async def judged_any(connection: Connection, scope: int, kind: str) -> bool:
    """Whether any finished game of ``kind`` in the scope was judged."""
    return await connection.found(f"SELECT 1 {JUDGED}LIMIT 1", (scope, kind))


def _tally(row: Row) -> Tally:
    return Tally(
        int(row["games"]),
        int(row["decisions"] or 0),
        float(row["chance_lost"] or 0),
        float(row["luck"] or 0),
    )
