"""Take-backs: each request with its answers, the rule a game started with, and the
dice of each point where a roll was taken back."""

from __future__ import annotations

from sqlalchemy import Column, Index, Integer, Text

from bot.features.takebacks.settings import TakebackMode
from bot.features.takebacks.states import TakebackState
from bot.storage.schema.columns import (
    Real,
    a_time,
    an_id,
    flag,
    game_table,
    key,
    message,
    one_of,
    table,
    where,
)

takebacks = game_table(
    "takebacks",
    Column("number", Integer, primary_key=True),
    an_id("asked_by"),
    Column("seat", Integer, nullable=False),
    # The moves it undoes (the log's numbers), the asker's last first.
    Column("first_seq", Integer, nullable=False),
    Column("last_seq", Integer, nullable=False),
    Column("version", Integer, nullable=False),
    flag("revealed"),
    *message(),
    a_time("asked_at"),
    Column("ended_at", Real),
    one_of("state", tuple(TakebackState)),
    since=16,
)
# One request at a time per game, whichever process asks.
Index(
    "takebacks_asked",
    takebacks.c.game_id,
    unique=True,
    **where(takebacks.c.state == TakebackState.ASKED),
)

# Which moves a game lets a player take back, as its server chose when it started: a game
# keeps the rules it started with (a game started before has none: its server's now).
takeback_rules = game_table(
    "takeback_rules",
    one_of("mode", tuple(TakebackMode)),
    since=18,
)

takeback_answers = table(
    "takeback_answers",
    key("game_id"),
    Column("number", Integer, primary_key=True),
    key("user_id"),
    flag("agreed"),
    a_time("answered_at"),
    since=16,
)

takeback_dice = game_table(
    "takeback_dice",
    # The point of the game (how many moves stand before it) and the seat acting there:
    # another seat reaching that point by another line of play draws afresh.
    Column("ply", Integer, primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("draws", Text, nullable=False),
    since=16,
)
