"""The tables of the features beyond playing a game: a replay shared in a channel, a
rematch's offer and answers, each player's reliability, private tables and their
invitations, take-backs with their answers and the dice they keep, and who follows which
game."""

from __future__ import annotations

from sqlalchemy import (
    CheckConstraint,
    Column,
    Index,
    Integer,
    Table,
    Text,
    text,
)

from bot.storage.schema.columns import SCHEMA, Id, Real, game_key, since, where

shared_replays = Table(
    "shared_replays",
    SCHEMA,
    game_key(),
    Column("channel_id", Id, nullable=False),
    Column("message_id", Id),
    Column("user_id", Id, nullable=False),
    Column("shared_at", Real, nullable=False),
    info=since(14),
)

rematch_offers = Table(
    "rematch_offers",
    SCHEMA,
    game_key(),
    Column("channel_id", Id, nullable=False),
    Column("message_id", Id),
    Column("offered_by", Id, nullable=False),
    Column("offered_at", Real, nullable=False),
    Column("expires_at", Real, nullable=False),
    Column(
        "state",
        Text,
        CheckConstraint("state IN ('open', 'started', 'lapsed', 'declined')"),
        nullable=False,
    ),
    Column("new_game_id", Id),
    # Each change of the offer or its answers counts here; its message shows ``shown``.
    Column("version", Integer, nullable=False, server_default=text("0"), info=since(18)),
    Column("shown", Integer, nullable=False, server_default=text("0"), info=since(18)),
    info=since(15),
)
Index(
    "rematch_offers_open",
    rematch_offers.c.expires_at,
    **where(rematch_offers.c.state == "open"),
    info=since(15),
)

rematch_answers = Table(
    "rematch_answers",
    SCHEMA,
    game_key(),
    Column("user_id", Id, primary_key=True),
    Column("accepted", Integer, CheckConstraint("accepted IN (0, 1)"), nullable=False),
    Column("answered_at", Real, nullable=False),
    info=since(15),
)

# One per player and server, across its games: what ``bot.features.reliability.service`` makes
# of it. Changed in the transaction of what it counts, so a game's end counts once.
reliability_records = Table(
    "reliability_records",
    SCHEMA,
    Column("guild_id", Id, primary_key=True),
    Column("user_id", Id, primary_key=True),
    Column("started", Integer, CheckConstraint("started >= 0"), nullable=False),
    Column("finished", Integer, CheckConstraint("finished >= 0"), nullable=False),
    Column("abandoned", Integer, CheckConstraint("abandoned >= 0"), nullable=False),
    Column("updated_at", Real, nullable=False),
    sqlite_with_rowid=False,
    info=since(16),
)

# A host's own minimum for joining their lobby (none: no row).
reliability_minimums = Table(
    "reliability_minimums",
    SCHEMA,
    game_key(),
    Column("minimum", Integer, CheckConstraint("minimum BETWEEN 1 AND 100"), nullable=False),
    info=since(16),
)

private_tables = Table(
    "private_tables",
    SCHEMA,
    game_key(),
    Column("made_at", Real, nullable=False),
    info=since(16),
)

private_invitations = Table(
    "private_invitations",
    SCHEMA,
    game_key(),
    Column("user_id", Id, primary_key=True),
    Column("name", Text, nullable=False),
    Column("invited_by", Id, nullable=False),
    Column("invited_at", Real, nullable=False),
    Column(
        "answer",
        Text,
        CheckConstraint("answer IN ('asked', 'accepted', 'declined')"),
        nullable=False,
    ),
    Column("answered_at", Real),
    Column("by_dm", Integer, CheckConstraint("by_dm IN (0, 1)"), nullable=False),
    Column("channel_id", Id),
    Column("message_id", Id),
    Column("ended", Integer, CheckConstraint("ended IN (0, 1)"), nullable=False),
    info=since(16),
)
Index(
    "private_invitations_live",
    private_invitations.c.game_id,
    **where(private_invitations.c.ended == 0),
    info=since(16),
)

takebacks = Table(
    "takebacks",
    SCHEMA,
    game_key(),
    Column("number", Integer, primary_key=True),
    Column("asked_by", Id, nullable=False),
    Column("seat", Integer, nullable=False),
    # The moves it undoes (the log's numbers), the asker's last first.
    Column("first_seq", Integer, nullable=False),
    Column("last_seq", Integer, nullable=False),
    Column("version", Integer, nullable=False),
    Column("revealed", Integer, CheckConstraint("revealed IN (0, 1)"), nullable=False),
    Column("channel_id", Id, nullable=False),
    Column("message_id", Id),
    Column("asked_at", Real, nullable=False),
    Column("ended_at", Real),
    Column(
        "state",
        Text,
        CheckConstraint("state IN ('asked', 'granted', 'refused', 'expired')"),
        nullable=False,
    ),
    info=since(16),
)
# One request at a time per game, whichever process asks.
Index(
    "takebacks_asked",
    takebacks.c.game_id,
    unique=True,
    **where(takebacks.c.state == "asked"),
    info=since(16),
)

# Which moves a game lets a player take back, as its server chose when it started: a game
# keeps the rules it started with (a game started before has none: its server's now).
takeback_rules = Table(
    "takeback_rules",
    SCHEMA,
    game_key(),
    Column(
        "mode",
        Text,
        CheckConstraint("mode IN ('never', 'unrated', 'always')"),
        nullable=False,
    ),
    info=since(18),
)

takeback_answers = Table(
    "takeback_answers",
    SCHEMA,
    Column("game_id", Id, primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("user_id", Id, primary_key=True),
    Column("agreed", Integer, CheckConstraint("agreed IN (0, 1)"), nullable=False),
    Column("answered_at", Real, nullable=False),
    info=since(16),
)

takeback_dice = Table(
    "takeback_dice",
    SCHEMA,
    game_key(),
    # The point of the game (how many moves stand before it) and the seat acting there:
    # another seat reaching that point by another line of play draws afresh.
    Column("ply", Integer, primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("draws", Text, nullable=False),
    info=since(16),
)

# Who follows which game, how many of its rounds each was told of, and where their last
# round's notice is (the next one replaces it): a follow of a game that is over is its
# end's notice still owed, and goes once that is recorded sent.
follows = Table(
    "follows",
    SCHEMA,
    game_key(),
    Column("user_id", Id, primary_key=True),
    Column("followed_at", Real, nullable=False),
    Column("rounds_told", Integer, nullable=False, server_default=text("0")),
    Column("notice_channel_id", Id, info=since(18)),
    Column("notice_id", Id, info=since(18)),
    info=since(16),
)
Index("follows_of_user", follows.c.user_id, info=since(16))
