"""The position of the day as kept: each server's day decided once, the drills it is
chosen from, its members' answers, and what the streaks and the month's table read."""

from __future__ import annotations

from dataclasses import dataclass

from bot.features.drills.daily_settings import DAILY_CHANNEL
from bot.storage.connection import Connection, Row
from bot.storage.game_values import JSON
from bot.storage.row_records import read_row
from bot.storage.stored_json import kept_text


@dataclass(frozen=True)
class KeptDay:
    """A server's day as kept: its position (``drill_id`` ``None``: a quiet day), the
    channel it goes to and its message once posted."""

    guild_id: int
    day: int
    channel_id: int
    message_id: int | None
    owed: bool
    drill_id: int | None
    position: str | None
    kind: str | None
    seat: int | None
    state: JSON | None
    weighed: JSON | None
    chosen: str | None
    game_id: int | None
    move: int | None
    user_id: int | None


@dataclass(frozen=True)
class Candidate:
    """A drill of the server's that a day may take its position from."""

    id: int
    position: str
    kind: str
    weighed: JSON
    """Its options and their worths (``Weighed.to_json``): a day takes only a position
    whose best answer is clear."""


SHOWN = "drill_id IS NOT NULL AND (owed = 1 OR message_id IS NOT NULL)"
"""A day whose position is posted, or being posted (its message may be out before it is
recorded): not a quiet day, nor one Discord refused."""
DAY_COLUMNS = (
    "guild_id, day, channel_id, message_id, owed, drill_id, position, kind, seat, state, "
    "weighed, chosen, game_id, move, user_id"
)


def _day(row: Row) -> KeptDay:
    return read_row(KeptDay, row)


async def servers_on(connection: Connection) -> list[int]:
    """The servers with a channel for the position of the day."""
    return await connection.ints(
        "SELECT guild_id FROM declared_settings WHERE name = ? AND value <> ? ORDER BY guild_id",
        (DAILY_CHANNEL.name, kept_text(None)),
    )


async def is_decided(connection: Connection, guild_id: int, day: int) -> bool:
    """Whether the server's ``day`` is decided (posted, owed or quiet)."""
    return await connection.found(
        "SELECT 1 FROM daily_posts WHERE guild_id = ? AND day = ?", (guild_id, day)
    )


async def candidates(connection: Connection, guild_id: int) -> tuple[list[Candidate], set[str]]:
    """The server's drills whose game is still kept, by id; and the positions its days
    have posted."""
    rows = await connection.fetch(
        "SELECT id, position, kind, weighed FROM drills "
        "WHERE guild_id = ? AND game_id IS NOT NULL ORDER BY id",
        (guild_id,),
    )
    posted = await connection.fetch(
        "SELECT position FROM daily_posts WHERE guild_id = ? AND position IS NOT NULL",
        (guild_id,),
    )
    return (
        [read_row(Candidate, row) for row in rows],
        {str(row["position"]) for row in posted},
    )


async def decide(
    connection: Connection, guild_id: int, day: int, channel_id: int, drill_id: int | None
) -> bool:
    """Records the server's day decided: owed with the drill's position as it stands now,
    or quiet (``drill_id`` ``None``); ``False`` where it was decided already (by another
    process, an earlier look) or the drill's game went meanwhile."""
    if drill_id is None:
        return await connection.found(
            "INSERT INTO daily_posts (guild_id, day, channel_id, owed) VALUES (?, ?, ?, 0) "
            "ON CONFLICT (guild_id, day) DO NOTHING RETURNING guild_id",
            (guild_id, day, channel_id),
        )
    return await connection.found(
        "INSERT INTO daily_posts (guild_id, day, channel_id, owed, drill_id, position, kind, "
        "seat, state, weighed, chosen, game_id, move, user_id) "
        "SELECT ?, ?, ?, 1, id, position, kind, seat, state, weighed, chosen, game_id, move, "
        "user_id FROM drills WHERE id = ? AND guild_id = ? AND game_id IS NOT NULL "
        "ON CONFLICT (guild_id, day) DO NOTHING RETURNING guild_id",
        (guild_id, day, channel_id, drill_id, guild_id),
    )


async def owed_days(connection: Connection) -> list[KeptDay]:
    """The days decided and not yet posted, the earliest first."""
    rows = await connection.fetch(
        f"SELECT {DAY_COLUMNS} FROM daily_posts WHERE owed = 1 ORDER BY day, guild_id"
    )
    return [_day(row) for row in rows]


async def kept_day(connection: Connection, guild_id: int, day: int) -> KeptDay | None:
    """The server's ``day``, if decided."""
    rows = await connection.fetch(
        f"SELECT {DAY_COLUMNS} FROM daily_posts WHERE guild_id = ? AND day = ?", (guild_id, day)
    )
    return _day(rows[0]) if rows else None


async def latest_posted(connection: Connection, guild_id: int, before: int) -> KeptDay | None:
    """The server's latest day before ``before`` whose position was posted (``SHOWN``)."""
    rows = await connection.fetch(
        f"SELECT {DAY_COLUMNS} FROM daily_posts WHERE guild_id = ? AND day < ? AND {SHOWN} "
        "ORDER BY day DESC LIMIT 1",
        (guild_id, before),
    )
    return _day(rows[0]) if rows else None


async def settle(connection: Connection, guild_id: int, day: int, message_id: int | None) -> None:
    """The day's post is out (``message_id``), or refused for good (``None``)."""
    await connection.execute(
        "UPDATE daily_posts SET owed = 0, message_id = ? WHERE guild_id = ? AND day = ?",
        (message_id, guild_id, day),
    )


async def tally(connection: Connection, guild_id: int, day: int) -> tuple[int, int]:
    """How many answered the day's position, and how many answered it right."""
    rows = await connection.fetch(
        "SELECT COUNT(*) AS answered, COALESCE(SUM(correct), 0) AS correct_ones "
        "FROM daily_answers WHERE guild_id = ? AND day = ?",
        (guild_id, day),
    )
    return int(rows[0]["answered"]), int(rows[0]["correct_ones"])


async def answer(
    connection: Connection,
    guild_id: int,
    day: int,
    user_id: int,
    option: str,
    right: bool,
    now: float,
) -> bool:
    """Records the member's answer to the day's position: ``False`` where they answered
    it already (the first answer stands)."""
    return await connection.found(
        "INSERT INTO daily_answers (guild_id, day, user_id, option, correct, answered_at) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, day, user_id) DO NOTHING "
        "RETURNING user_id",
        (guild_id, day, user_id, option, int(right), now),
    )


async def answered_option(
    connection: Connection, guild_id: int, day: int, user_id: int
) -> str | None:
    """What the member answered the day's position, if they did."""
    rows = await connection.fetch(
        "SELECT option FROM daily_answers WHERE guild_id = ? AND day = ? AND user_id = ?",
        (guild_id, day, user_id),
    )
    return str(rows[0]["option"]) if rows else None


async def posted_days(connection: Connection, guild_id: int, until: int) -> list[int]:
    """The server's days up to ``until`` whose position was posted (``SHOWN``), the
    latest first."""
    return await connection.ints(
        f"SELECT day FROM daily_posts WHERE guild_id = ? AND day <= ? AND {SHOWN} "
        "ORDER BY day DESC",
        (guild_id, until),
    )


async def right_days(connection: Connection, guild_id: int, user_id: int) -> set[int]:
    """The days the member answered the server's position right."""
    return set(
        await connection.ints(
            "SELECT day FROM daily_answers WHERE guild_id = ? AND user_id = ? AND correct = 1",
            (guild_id, user_id),
        )
    )


async def month_table(
    connection: Connection, guild_id: int, first: int, last: int, most: int
) -> list[tuple[int, int]]:
    """The members with the most right answers from day ``first`` to ``last``, each with
    their count, the most first (a tie by the members' ids), at most ``most``."""
    rows = await connection.fetch(
        "SELECT user_id, COUNT(*) AS correct_ones FROM daily_answers "
        "WHERE guild_id = ? AND day BETWEEN ? AND ? AND correct = 1 "
        "GROUP BY user_id ORDER BY correct_ones DESC, user_id LIMIT ?",
        (guild_id, first, last, most),
    )
    return [(int(row["user_id"]), int(row["correct_ones"])) for row in rows]
