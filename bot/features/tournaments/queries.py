"""A server's tournaments as stored: each tournament, its players and invitees, its
rounds as claimed, each round's matches with the games they became, and each player's
seat in each round (a match, or a bye)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from bot.storage.connection import Connection, Row
from bot.storage.game_values import Options
from bot.storage.row_records import read_row
from bot.storage.stored_json import json_text


class Format(StrEnum):
    """How a tournament's matches are made."""

    SWISS = "swiss"
    """Each round by the standings: the leaders in match 1, the next in match 2."""
    ROUND_ROBIN = "round_robin"
    """A schedule fixed at the start, in which everyone meets everyone."""


class TournamentState(StrEnum):
    """Where a tournament is in its life."""

    SIGNUP = "signup"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


class EndReason(StrEnum):
    """Why a tournament ended before its last round was played."""

    TOO_FEW = "too_few"
    """Too few signed up by its start."""
    CANCELLED = "cancelled"
    """Its organiser (or a moderator) cancelled it."""
    PLAYED = "played"
    """Played to its end."""
    NOT_SHOWN = "not_shown"
    """Its announcement could not be posted: nobody could sign up."""
    NO_MATCHES = "no_tables"
    """Its matches could not be opened (their threads could not be made), try after try."""


@dataclass(frozen=True)
class Tournament:
    """A tournament as created, and where it now stands."""

    id: int
    guild_id: int
    number: int
    """Its number among the server's tournaments (``/tournament show number:``)."""
    kind: str
    name: str
    format: Format
    rounds: int
    match_size: int
    final: bool
    """A last round of the leaders in one match decides the top places."""
    options: Options
    turn_timeout: int
    starts_at: float
    signup_until: float
    round_hours: int | None
    rated: bool
    cap: int
    private: bool
    created_by: int
    created_at: float
    channel_id: int
    message_id: int | None
    language: str | None
    state: TournamentState
    round: int
    """The last round claimed (0 before the first)."""
    ended_at: float | None
    end_reason: EndReason | None
    end_told_at: float | None

    @property
    def all_rounds(self) -> int:
        """Every round it plays, the final included."""
        return self.rounds + int(self.final)


@dataclass(frozen=True)
class Entry:
    """A player signed up to a tournament."""

    user_id: int
    name: str
    joined_at: float
    seed: int | None
    dropped_round: int | None


COLUMNS = (
    "id, guild_id, number, kind, name, format, rounds, table_size, final, options, "
    "turn_timeout, starts_at, signup_until, round_hours, rated, cap, private, created_by, "
    "created_at, channel_id, message_id, language, state, round, ended_at, end_reason, "
    "end_told_at"
)


def _tournament(row: Row) -> Tournament:
    return read_row(Tournament, row, match_size=int(row["table_size"]))


async def insert_tournament(connection: Connection, made: Tournament) -> int:
    """A new tournament, numbered after the server's others (the caller holds the
    ``tournament number`` lock of the server)."""
    rows = await connection.fetch(
        "INSERT INTO tournaments (guild_id, number, kind, name, format, rounds, table_size, "
        "final, options, turn_timeout, starts_at, signup_until, round_hours, rated, cap, "
        "private, created_by, created_at, channel_id, language, state) "
        "SELECT CAST(? AS BIGINT), COALESCE(MAX(number), 0) + 1, CAST(? AS TEXT), "
        "CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS INTEGER), CAST(? AS INTEGER), "
        "CAST(? AS INTEGER), CAST(? AS TEXT), CAST(? AS INTEGER), "
        "CAST(? AS DOUBLE PRECISION), CAST(? AS DOUBLE PRECISION), CAST(? AS INTEGER), "
        "CAST(? AS INTEGER), CAST(? AS INTEGER), CAST(? AS INTEGER), CAST(? AS BIGINT), "
        "CAST(? AS DOUBLE PRECISION), CAST(? AS BIGINT), CAST(? AS TEXT), 'signup' "
        "FROM tournaments WHERE guild_id = ? RETURNING id",
        (
            made.guild_id,
            made.kind,
            made.name,
            made.format.value,
            made.rounds,
            made.match_size,
            int(made.final),
            json_text(made.options),
            made.turn_timeout,
            made.starts_at,
            made.signup_until,
            made.round_hours,
            int(made.rated),
            made.cap,
            int(made.private),
            made.created_by,
            made.created_at,
            made.channel_id,
            made.language,
            made.guild_id,
        ),
    )
    return int(rows[0]["id"])


async def tournament(connection: Connection, tournament_id: int) -> Tournament | None:
    """The tournament, if there is one of that id."""
    rows = await connection.fetch(
        f"SELECT {COLUMNS} FROM tournaments WHERE id = ?", (tournament_id,)
    )
    return _tournament(rows[0]) if rows else None


async def locked_tournament(connection: Connection, tournament_id: int) -> Tournament | None:
    """The tournament, held until the transaction ends: its changes happen one at a time,
    whichever process makes them."""
    await connection.lock("tournament", tournament_id)
    return await tournament(connection, tournament_id)


async def numbered(connection: Connection, guild_id: int, number: int) -> Tournament | None:
    """The server's tournament of that number."""
    rows = await connection.fetch(
        f"SELECT {COLUMNS} FROM tournaments WHERE guild_id = ? AND number = ?", (guild_id, number)
    )
    return _tournament(rows[0]) if rows else None


async def of_server(connection: Connection, guild_id: int, limit: int) -> list[Tournament]:
    """The server's tournaments, those still to be played first, then the latest."""
    rows = await connection.fetch(
        f"SELECT {COLUMNS} FROM tournaments WHERE guild_id = ? "
        "ORDER BY CASE WHEN state IN ('signup', 'running') THEN 0 ELSE 1 END, id DESC LIMIT ?",
        (guild_id, limit),
    )
    return [_tournament(row) for row in rows]


async def entered(connection: Connection, user_id: int, guild_id: int | None) -> list[Tournament]:
    """The tournaments being signed up to or played that the player signed up to, in a
    server (``None``: in every server), the soonest first."""
    rows = await connection.fetch(
        f"SELECT {', '.join('t.' + c.strip() for c in COLUMNS.split(','))} FROM tournaments t "
        "JOIN tournament_players p ON p.tournament_id = t.id WHERE p.user_id = ? "
        "AND t.state IN ('signup', 'running') AND (CAST(? AS BIGINT) IS NULL OR t.guild_id = ?) "
        "ORDER BY t.starts_at, t.id",
        (user_id, guild_id, guild_id),
    )
    return [_tournament(row) for row in rows]


async def live(connection: Connection) -> list[Tournament]:
    """Every tournament being signed up to or played."""
    rows = await connection.fetch(
        f"SELECT {COLUMNS} FROM tournaments WHERE state IN ('signup', 'running') ORDER BY id", ()
    )
    return [_tournament(row) for row in rows]


async def ended_untold(connection: Connection) -> list[int]:
    """Tournaments that ended without their end announced yet."""
    return await connection.ints(
        "SELECT id FROM tournaments WHERE state IN ('finished', 'cancelled') "
        "AND end_told_at IS NULL AND message_id IS NOT NULL ORDER BY id",
        (),
    )


async def set_message(connection: Connection, tournament_id: int, message_id: int) -> None:
    """Where the tournament's announcement is."""
    await connection.execute(
        "UPDATE tournaments SET message_id = ? WHERE id = ?", (message_id, tournament_id)
    )


async def set_state(
    connection: Connection,
    tournament_id: int,
    state: TournamentState,
    *,
    now: float,
    reason: EndReason | None = None,
) -> None:
    """The tournament moves on (an end says why, and when)."""
    ended = now if state in (TournamentState.FINISHED, TournamentState.CANCELLED) else None
    await connection.execute(
        "UPDATE tournaments SET state = ?, ended_at = ?, end_reason = ? WHERE id = ?",
        (state.value, ended, None if reason is None else reason.value, tournament_id),
    )


async def set_rounds(connection: Connection, tournament_id: int, rounds: int) -> None:
    """A round robin's rounds, once its schedule is known."""
    await connection.execute(
        "UPDATE tournaments SET rounds = ? WHERE id = ?", (rounds, tournament_id)
    )


async def record_end_told(connection: Connection, tournament_id: int, now: float) -> bool:
    """Records the tournament's end announced (or with nothing to announce); ``False`` if it
    was already."""
    return await connection.found(
        "UPDATE tournaments SET end_told_at = ? WHERE id = ? AND end_told_at IS NULL RETURNING id",
        (now, tournament_id),
    )


async def entries(connection: Connection, tournament_id: int) -> list[Entry]:
    """Who signed up, in the order they did."""
    rows = await connection.fetch(
        "SELECT user_id, name, joined_at, seed, dropped_round FROM tournament_players "
        "WHERE tournament_id = ? ORDER BY joined_at, user_id",
        (tournament_id,),
    )
    return [read_row(Entry, row) for row in rows]


async def add_entry(
    connection: Connection, tournament_id: int, user_id: int, name: str, now: float
) -> bool:
    """Signs the player up; ``False`` if they were already."""
    return await connection.found(
        "INSERT INTO tournament_players (tournament_id, user_id, name, joined_at) "
        "VALUES (?, ?, ?, ?) ON CONFLICT (tournament_id, user_id) DO NOTHING "
        "RETURNING user_id",
        (tournament_id, user_id, name, now),
    )


async def remove_entry(connection: Connection, tournament_id: int, user_id: int) -> bool:
    """Takes the player off; ``False`` if they were not signed up."""
    return await connection.found(
        "DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ? RETURNING user_id",
        (tournament_id, user_id),
    )


async def set_seeds(connection: Connection, tournament_id: int, order: Sequence[int]) -> None:
    """The players' seeds, 1 for the first of ``order``."""
    await connection.executemany(
        "UPDATE tournament_players SET seed = ? WHERE tournament_id = ? AND user_id = ?",
        [(seed, tournament_id, user) for seed, user in enumerate(order, start=1)],
    )


async def drop(
    connection: Connection, tournament_id: int, user_id: int, round_: int, now: float
) -> None:
    """The player is paired no more from ``round_`` on."""
    await connection.execute(
        "UPDATE tournament_players SET dropped_round = ?, dropped_at = ? "
        "WHERE tournament_id = ? AND user_id = ? AND dropped_round IS NULL",
        (round_, now, tournament_id, user_id),
    )


async def dropped_since(connection: Connection, guild_id: int, user_id: int, since: float) -> bool:
    """Whether the player was dropped from one of the server's tournaments since then."""
    return await connection.found(
        "SELECT 1 FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id "
        "WHERE t.guild_id = ? AND p.user_id = ? AND p.dropped_at >= ? LIMIT 1",
        (guild_id, user_id, since),
    )


async def invitees(connection: Connection, tournament_id: int) -> list[int]:
    """Who is invited to a private tournament, in the order they were."""
    return await connection.ints(
        "SELECT user_id FROM tournament_invitees WHERE tournament_id = ? "
        "ORDER BY invited_at, user_id",
        (tournament_id,),
    )


async def invite(connection: Connection, tournament_id: int, user_id: int, now: float) -> bool:
    """Invites the player; ``False`` if they were already."""
    return await connection.found(
        "INSERT INTO tournament_invitees (tournament_id, user_id, invited_at) VALUES (?, ?, ?) "
        "ON CONFLICT (tournament_id, user_id) DO NOTHING RETURNING user_id",
        (tournament_id, user_id, now),
    )


async def claim_round(
    connection: Connection,
    tournament_id: int,
    round_: int,
    final: bool,
    matches: Sequence[Sequence[int]],
    bye: int | None,
    now: float,
) -> None:
    """The round, with its matches (each its players in seat order) and its bye, claimed
    at once; a second claim of it fails on the keys."""
    await connection.execute(
        "INSERT INTO tournament_rounds (tournament_id, round, claimed_at, final) "
        "VALUES (?, ?, ?, ?)",
        (tournament_id, round_, now, int(final)),
    )
    await connection.executemany(
        "INSERT INTO tournament_tables (tournament_id, round, table_no) VALUES (?, ?, ?)",
        [(tournament_id, round_, number) for number in range(1, len(matches) + 1)],
    )
    seats: list[tuple[int, int, int, int | None, int]] = [
        (tournament_id, round_, user, number, seat)
        for number, players in enumerate(matches, start=1)
        for seat, user in enumerate(players)
    ]
    if bye is not None:
        seats.append((tournament_id, round_, bye, None, 0))
    await connection.executemany(
        "INSERT INTO tournament_seats (tournament_id, round, user_id, table_no, seat) "
        "VALUES (?, ?, ?, ?, ?)",
        seats,
    )
    await connection.execute(
        "UPDATE tournaments SET round = ? WHERE id = ?", (round_, tournament_id)
    )


async def round_claimed_at(connection: Connection, tournament_id: int, round_: int) -> float | None:
    """When the round was claimed (it began), if it was."""
    rows = await connection.fetch(
        "SELECT claimed_at FROM tournament_rounds WHERE tournament_id = ? AND round = ?",
        (tournament_id, round_),
    )
    return float(rows[0]["claimed_at"]) if rows else None


async def round_is_final(connection: Connection, tournament_id: int, round_: int) -> bool:
    """Whether the round is the final of the leaders."""
    rows = await connection.fetch(
        "SELECT final FROM tournament_rounds WHERE tournament_id = ? AND round = ?",
        (tournament_id, round_),
    )
    return bool(rows and rows[0]["final"])


async def record_round_told(
    connection: Connection, tournament_id: int, round_: int, now: float
) -> bool:
    """Records the round's message to its players posted; ``False`` if it was already."""
    return await connection.found(
        "UPDATE tournament_rounds SET told_at = ? WHERE tournament_id = ? AND round = ? "
        "AND told_at IS NULL RETURNING round",
        (now, tournament_id, round_),
    )


async def untold_rounds(connection: Connection, tournament_id: int) -> list[int]:
    """The tournament's rounds whose message to their players is not out yet."""
    return await connection.ints(
        "SELECT round FROM tournament_rounds WHERE tournament_id = ? AND told_at IS NULL "
        "ORDER BY round",
        (tournament_id,),
    )


async def played_by(
    connection: Connection, guild_id: int, kind: str, user_id: int
) -> list[Tournament]:
    """The server's finished tournaments of the game the player played in, latest first."""
    rows = await connection.fetch(
        f"SELECT {', '.join('t.' + c.strip() for c in COLUMNS.split(','))} FROM tournaments t "
        "JOIN tournament_players p ON p.tournament_id = t.id WHERE t.guild_id = ? "
        "AND t.kind = ? AND p.user_id = ? AND t.state = 'finished' ORDER BY t.id DESC",
        (guild_id, kind, user_id),
    )
    return [_tournament(row) for row in rows]
