"""Each finished game's rematch offer, its answers, and the game it started."""

from __future__ import annotations

from sqlalchemy import CheckConstraint, Column, Index, Integer, Table, Text, text

from bot.storage.schema.columns import SCHEMA, Id, Real, game_key, since, where

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
