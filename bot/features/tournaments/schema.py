"""The database tables of a server's tournaments: each tournament and its settings, who
signed up (and was invited, for a private one), each round as it was claimed, each match
of a round and the game it became, and each player's seat in a round (a match, or a bye).
The SQL names say "table" for a match (``tournament_tables``, ``table_no``,
``table_size``), as released databases have them.

A round is a row claimed once, with every seat of it, in one transaction: the keys make
a second claim fail, so that however many processes look, a round starts once and no
player sits in two matches of one round. A match's game is made in its own transaction
later (its thread must exist first), and the match's key makes it once too.
"""

from __future__ import annotations

from sqlalchemy import (
    CheckConstraint,
    Column,
    Index,
    Integer,
    Text,
    UniqueConstraint,
    text,
)

from bot.storage.schema.columns import (
    Real,
    a_count,
    a_game,
    a_time,
    an_id,
    flag,
    identity,
    key,
    message,
    one_of,
    owner_key,
    table,
    where,
)

tournaments = table(
    "tournaments",
    identity(),
    an_id("guild_id"),
    Column("number", Integer, nullable=False),
    Column("kind", Text, nullable=False),
    Column("name", Text, nullable=False),
    one_of("format", ("swiss", "round_robin")),
    # Swiss: as chosen; a round robin's is its schedule's, known once it starts.
    Column("rounds", Integer, CheckConstraint("rounds >= 1"), nullable=False),
    Column("table_size", Integer, CheckConstraint("table_size BETWEEN 2 AND 5"), nullable=False),
    flag("final"),
    Column("options", Text, nullable=False, server_default="{}"),
    Column("turn_timeout", Integer, CheckConstraint("turn_timeout > 0"), nullable=False),
    a_time("starts_at"),
    a_time("signup_until"),
    # Hours from one round's start to the next's (none: each starts once the last ends).
    Column("round_hours", Integer, CheckConstraint("round_hours > 0")),
    flag("rated"),
    Column("cap", Integer, CheckConstraint("cap >= 2"), nullable=False),
    flag("private"),
    an_id("created_by"),
    a_time("created_at"),
    *message(),
    Column("language", Text),
    one_of("state", ("signup", "running", "finished", "cancelled")),
    # The last round claimed (0 before the first).
    a_count("round"),
    Column("ended_at", Real),
    Column("end_reason", Text),
    # The end's announcement, claimed before it is posted: it goes out once.
    Column("end_told_at", Real),
    UniqueConstraint("guild_id", "number"),
    since=17,
)
Index(
    "tournaments_live",
    tournaments.c.state,
    tournaments.c.starts_at,
    **where(tournaments.c.state.in_(("signup", "running"))),
)


def tournament_key() -> Column[int]:
    """The tournament a row belongs to (first in its key), gone with it."""
    return owner_key("tournament_id", "tournaments")


tournament_players = table(
    "tournament_players",
    tournament_key(),
    key("user_id"),
    Column("name", Text, nullable=False),
    a_time("joined_at"),
    # 1 for the best rated at the start, then by sign-up; none before the start.
    Column("seed", Integer),
    # Not paired from this round on: a seat of theirs was taken over, or they left.
    Column("dropped_round", Integer),
    Column("dropped_at", Real),
    since=17,
)
Index("tournament_players_of_user", tournament_players.c.user_id)

tournament_invitees = table(
    "tournament_invitees",
    tournament_key(),
    key("user_id"),
    a_time("invited_at"),
    since=17,
)

tournament_rounds = table(
    "tournament_rounds",
    tournament_key(),
    Column("round", Integer, primary_key=True),
    a_time("claimed_at"),
    flag("final"),
    # Its message to the players, claimed before it is posted: it goes out once.
    Column("told_at", Real),
    since=17,
)

tournament_tables = table(
    "tournament_tables",
    tournament_key(),
    Column("round", Integer, primary_key=True),
    Column("table_no", Integer, primary_key=True),
    a_game(),
    since=17,
)
Index(
    "tournament_tables_by_game",
    tournament_tables.c.game_id,
    unique=True,
    **where(tournament_tables.c.game_id.isnot(None)),
)

# One row per player and round: a match, or (no match) a bye.
tournament_seats = table(
    "tournament_seats",
    tournament_key(),
    Column("round", Integer, primary_key=True),
    key("user_id"),
    Column("table_no", Integer),
    Column("seat", Integer, nullable=False, server_default=text("0")),
    since=17,
)
