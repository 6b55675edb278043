"""Take-backs: each request with its answers, the rule a game started with, and the
dice of each point where a roll was taken back."""

from __future__ import annotations

from sqlalchemy import Column, Index, Integer, Table, Text

from bot.storage.schema.columns import SCHEMA, Id, Real, flag, game_key, one_of, since, where

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
    flag("revealed"),
    Column("channel_id", Id, nullable=False),
    Column("message_id", Id),
    Column("asked_at", Real, nullable=False),
    Column("ended_at", Real),
    one_of("state", ("asked", "granted", "refused", "expired")),
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
    one_of("mode", ("never", "unrated", "always")),
    info=since(18),
)

takeback_answers = Table(
    "takeback_answers",
    SCHEMA,
    Column("game_id", Id, primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("user_id", Id, primary_key=True),
    flag("agreed"),
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
