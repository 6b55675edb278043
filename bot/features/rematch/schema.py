"""Each finished game's rematch offer, its answers, and the game it started."""

from __future__ import annotations

from sqlalchemy import Column, Index, Integer, Table, text

from bot.storage.schema.columns import SCHEMA, Id, Real, flag, game_key, one_of, since, where

rematch_offers = Table(
    "rematch_offers",
    SCHEMA,
    game_key(),
    Column("channel_id", Id, nullable=False),
    Column("message_id", Id),
    Column("offered_by", Id, nullable=False),
    Column("offered_at", Real, nullable=False),
    Column("expires_at", Real, nullable=False),
    one_of("state", ("open", "started", "lapsed", "declined")),
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
    flag("accepted"),
    Column("answered_at", Real, nullable=False),
    info=since(15),
)
