"""Reads and writes of the per-server ladder: player records, ratings and history (a
player's rating, a game's rating changes and its being unrated are the core's,
``bot.storage.rating_queries``).

Like the other ``*_queries`` modules, each function runs inside a transaction its
caller opened. The leaderboard and stats read through indexes:
``player_records_ladder`` for the order, the primary key for one player,
``rating_changes_by_player`` for a trend and ``games_finished_by_guild`` for the
history.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from itertools import groupby

from bot.games.figures import Figure, fold_figures
from bot.storage.connection import Connection, Row, marks
from bot.storage.rating_queries import read_rating
from bot.storage.ratings import Rating
from bot.storage.records import (
    FinishedGame,
    FinishedTable,
    LadderEntry,
    PlayerRecord,
    RatingChange,
    Result,
)
from bot.storage.result_queries import read_figures, read_result, result_columns
from bot.storage.row_records import read_row

_RECORD_COLUMNS = (
    "guild_id, kind, user_id, display_name, games, wins, left_games, figures, last_played, "
    "mu, sigma, rated_games"
)


async def add_to_records(
    connection: Connection,
    game: FinishedTable,
    figures: Sequence[Figure],
    humans: Sequence[Result],
) -> None:
    """Counts a finished game in each human's record for its game. Someone who left gets
    the game and no win; the figures their seat reached after they went are not theirs."""
    ids = [r.user_id for r in humans]
    rows = await connection.fetch(
        "SELECT user_id, figures FROM player_records WHERE guild_id = ? AND kind = ? "
        f"AND user_id IN ({marks(ids)})",
        (game.guild_id, game.kind, *ids),
    )
    known = {row["user_id"]: read_figures(row["figures"]) for row in rows}
    await connection.executemany(
        "INSERT INTO player_records (guild_id, kind, user_id, display_name, games, wins, "
        "left_games, figures, last_played) VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?) "
        "ON CONFLICT (guild_id, kind, user_id) DO UPDATE SET "
        "display_name = CASE WHEN excluded.left_games = 1 THEN player_records.display_name "
        "ELSE excluded.display_name END, "
        "games = player_records.games + 1, wins = player_records.wins + excluded.wins, "
        "left_games = player_records.left_games + excluded.left_games, "
        "figures = excluded.figures, "
        "last_played = excluded.last_played",
        [
            (
                game.guild_id,
                game.kind,
                r.user_id,
                r.display_name,
                int(r.won and not r.left),
                int(r.left),
                json.dumps(
                    fold_figures(figures, known.get(r.user_id, {}), {} if r.left else r.figures),
                    separators=(",", ":"),
                ),
                game.finished_at,
            )
            for r in humans
        ],
    )


async def save_ratings(
    connection: Connection, game: FinishedTable, changes: Sequence[RatingChange]
) -> None:
    """Each human's new rating after a rated game, one more rated game on their record."""
    await connection.executemany(
        "UPDATE player_records SET mu = ?, sigma = ?, rating = ?, rated_games = rated_games + 1 "
        "WHERE guild_id = ? AND kind = ? AND user_id = ?",
        [
            (c.after.mu, c.after.sigma, c.after.conservative, game.guild_id, game.kind, c.user_id)
            for c in changes
        ],
    )
    await connection.executemany(
        "INSERT INTO rating_changes (game_id, user_id, guild_id, at, mu_before, sigma_before, "
        "mu_after, sigma_after, finish_seq, kind) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                game.id,
                c.user_id,
                game.guild_id,
                game.finished_at,
                None if c.before is None else c.before.mu,
                None if c.before is None else c.before.sigma,
                c.after.mu,
                c.after.sigma,
                game.finish_seq,
                game.kind,
            )
            for c in changes
        ],
    )


async def mark_counted(connection: Connection, game_id: int, rated: bool) -> None:
    """Marks a finished game as counted by the ladder (``rated``: with ratings moved)."""
    await connection.execute("UPDATE games SET rated = ? WHERE id = ?", (int(rated), game_id))


async def forget_ladder(connection: Connection, guild_id: int, kind: str) -> None:
    """Clears a server's records and ratings of one game, to count its games again."""
    for table in LADDER_TABLES:
        await connection.execute(
            f"DELETE FROM {table} WHERE guild_id = ? AND kind = ?", (guild_id, kind)
        )


async def finished_games(
    connection: Connection, guild_id: int, kind: str, after: int = 0
) -> list[FinishedTable]:
    """A server's games of one kind played to the end (those after ``finish_seq``
    ``after``) with their tables, in the order they finished."""
    rows = await connection.fetch(
        f"SELECT g.id, g.finish_seq, g.finished_at, {result_columns('r')} "
        "FROM games g JOIN results r ON r.game_id = g.id "
        "WHERE g.guild_id = ? AND g.kind = ? AND g.status = 'finished' AND g.finish_seq > ? "
        "ORDER BY g.finish_seq, r.seat",
        (guild_id, kind, after),
    )
    return [
        FinishedTable(game_id, kind, guild_id, seq, at, tuple(read_result(row) for row in group))
        for (game_id, seq, at), group in groupby(
            rows, key=lambda row: (row["id"], row["finish_seq"], row["finished_at"])
        )
    ]


LADDER_TABLES = ("player_records", "rating_changes")
"""What a server's ladder is made of; both have ``guild_id`` and ``kind`` columns."""


async def add_game_stubs(connection: Connection, games: Sequence[FinishedTable]) -> None:
    """Just enough of each game on a scratch database for ``count_game`` to mark it."""
    await connection.executemany(
        "INSERT INTO games (id, kind, guild_id, channel_id, host_id, status, created_at, "
        "updated_at, finished_at, finish_seq) VALUES (?, ?, ?, 0, 0, 'finished', ?, ?, ?, ?)",
        [
            (g.id, g.kind, g.guild_id, g.finished_at, g.finished_at, g.finished_at, g.finish_seq)
            for g in games
        ],
    )


async def ladder_rows(connection: Connection, guild_id: int, kind: str) -> dict[str, list[Row]]:
    """A server's ladder of one game as rows, table by table (each with every column)."""
    return {
        table: list(
            await connection.fetch(
                f"SELECT * FROM {table} WHERE guild_id = ? AND kind = ?", (guild_id, kind)
            )
        )
        for table in LADDER_TABLES
    }


async def put_ladder_rows(connection: Connection, ladder: dict[str, list[Row]]) -> None:
    """Writes rows that ``ladder_rows`` read from a database with the same schema."""
    for table, rows in ladder.items():
        if table not in LADDER_TABLES:
            raise ValueError(f"{table} is not a ladder table")
        if rows:
            columns = rows[0].keys()
            await connection.executemany(
                f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks(columns)})",
                [[row[column] for column in columns] for row in rows],
            )


async def counted_flags(connection: Connection) -> list[tuple[int, int]]:
    """Whether each game was rated, as (rated, id)."""
    rows = await connection.fetch("SELECT rated, id FROM games WHERE rated IS NOT NULL")
    return [(int(row["rated"]), int(row["id"])) for row in rows]


async def set_counted_flags(connection: Connection, flags: Sequence[tuple[int, int]]) -> None:
    """Marks many games' ``rated`` flags at once (a recompute), as (flag, game) pairs."""
    await connection.executemany("UPDATE games SET rated = ? WHERE id = ?", flags)


async def uncounted_games(connection: Connection) -> list[tuple[int, str, int]]:
    """Finished games the ladder has not counted (from before it existed), as
    (guild, kind, game)."""
    rows = await connection.fetch(
        "SELECT guild_id, kind, id FROM games WHERE status = 'finished' AND rated IS NULL "
        "ORDER BY guild_id, kind, id"
    )
    return [(int(row["guild_id"]), str(row["kind"]), int(row["id"])) for row in rows]


async def add_result_figures(
    connection: Connection, game_id: int, figures: Sequence[Mapping[str, int]]
) -> None:
    """Adds figures to each seat's result (those only the move log tells)."""
    await connection.executemany(
        f"UPDATE results SET figures = {connection.json_merged('figures')} "
        "WHERE game_id = ? AND seat = ?",
        [
            (json.dumps(dict(f), separators=(",", ":")), game_id, seat)
            for seat, f in enumerate(figures)
        ],
    )


async def player_record(
    connection: Connection, guild_id: int, kind: str, user_id: int
) -> PlayerRecord | None:
    """A player's record of one game in one server, ``None`` before their first finished game."""
    rows = list(
        await connection.fetch(
            f"SELECT {_RECORD_COLUMNS} FROM player_records "
            "WHERE guild_id = ? AND kind = ? AND user_id = ?",
            (guild_id, kind, user_id),
        )
    )
    return _read_record(rows[0]) if rows else None


def _read_record(row: Row) -> PlayerRecord:
    return read_row(
        PlayerRecord,
        row,
        figures=read_figures(row["figures"]),
        rating=None if row["mu"] is None else read_rating(row),
    )


async def ladder_page(
    connection: Connection, guild_id: int, kind: str, offset: int, limit: int
) -> list[LadderEntry]:
    """One page of a server's ladder of a game, best rating first."""
    rows = await connection.fetch(
        "SELECT user_id, display_name, mu, sigma, games, wins, figures, rated_games "
        "FROM player_records WHERE guild_id = ? AND kind = ? AND rating IS NOT NULL "
        "ORDER BY rating DESC, user_id LIMIT ? OFFSET ?",
        (guild_id, kind, limit, offset),
    )
    return [
        LadderEntry(
            place=offset + n,
            user_id=row["user_id"],
            display_name=row["display_name"],
            rating=read_rating(row),
            games=row["games"],
            wins=row["wins"],
            figures=read_figures(row["figures"]),
            rated_games=row["rated_games"],
        )
        for n, row in enumerate(rows, start=1)
    ]


async def ladder_size(connection: Connection, guild_id: int, kind: str) -> int:
    """How many players a server's ladder of a game has."""
    rows = list(
        await connection.fetch(
            "SELECT COUNT(*) AS players FROM player_records WHERE guild_id = ? AND kind = ? "
            "AND rating IS NOT NULL",
            (guild_id, kind),
        )
    )
    return int(rows[0]["players"])


async def ladder_place(
    connection: Connection, guild_id: int, kind: str, user_id: int
) -> int | None:
    """Where a player stands on the server's ladder of a game; ``None`` if not on it."""
    rows = list(
        await connection.fetch(
            "SELECT 1 + (SELECT COUNT(*) FROM player_records o WHERE o.guild_id = p.guild_id "
            "AND o.kind = p.kind AND o.rating IS NOT NULL AND (o.rating > p.rating "
            "OR (o.rating = p.rating AND o.user_id < p.user_id))) AS place "
            "FROM player_records p WHERE p.guild_id = ? AND p.kind = ? AND p.user_id = ? "
            "AND p.rating IS NOT NULL",
            (guild_id, kind, user_id),
        )
    )
    return int(rows[0]["place"]) if rows else None


async def recent_ratings(
    connection: Connection, guild_id: int, kind: str, user_id: int, limit: int
) -> list[Rating]:
    """A player's ratings after each of their last ``limit`` rated games, oldest first."""
    rows = await connection.fetch(
        "SELECT mu_after, sigma_after FROM rating_changes WHERE guild_id = ? AND kind = ? "
        "AND user_id = ? ORDER BY finish_seq DESC LIMIT ?",
        (guild_id, kind, user_id, limit),
    )
    return [Rating(row["mu_after"], row["sigma_after"]) for row in reversed(rows)]


async def recent_games(
    connection: Connection, guild_id: int, kind: str, limit: int
) -> list[FinishedGame]:
    """A server's last ``limit`` finished games of one kind, the newest first."""
    games = list(
        await connection.fetch(
            "SELECT id, COALESCE(number, id) AS number, finished_at, "
            "COALESCE(thread_id, channel_id) AS place_id, turn_message_id AS final_message_id, "
            "rated "
            "FROM games WHERE guild_id = ? AND kind = ? AND status = 'finished' "
            "ORDER BY finish_seq DESC LIMIT ?",
            (guild_id, kind, limit),
        )
    )
    if not games:
        return []
    ids = [row["id"] for row in games]
    rows = await connection.fetch(
        f"SELECT game_id, {result_columns()} FROM results "
        f"WHERE game_id IN ({marks(ids)}) ORDER BY game_id, seat",
        ids,
    )
    tables = {
        game_id: tuple(read_result(row) for row in group)
        for game_id, group in groupby(rows, key=lambda row: row["game_id"])
    }
    return [read_row(FinishedGame, row, players=tables.get(row["id"], ())) for row in games]


async def dice_rolled(
    connection: Connection, guild_id: int, kind: str, faces: Sequence[str]
) -> list[int]:
    """How often each face came up in the server's finished games of ``kind``, every
    seat's dice counted, computer players' too (each seat's ``dice_<face>`` figures)."""
    rows = await connection.fetch(
        "SELECT r.figures AS figures FROM results r JOIN games g ON g.id = r.game_id "
        "WHERE g.guild_id = ? AND g.kind = ? AND g.status = 'finished'",
        (guild_id, kind),
    )
    counts = [0] * len(faces)
    for row in rows:
        figures = read_figures(row["figures"])
        for index, face in enumerate(faces):
            counts[index] += figures.get(f"dice_{face}", 0)
    return counts


async def unrated_games(connection: Connection, guild_id: int, kind: str) -> list[int]:
    """The server's games of a kind that count on no ladder."""
    return await connection.ints(
        "SELECT u.game_id FROM unrated_games u JOIN games g ON g.id = u.game_id "
        "WHERE g.guild_id = ? AND g.kind = ? ORDER BY u.game_id",
        (guild_id, kind),
    )
