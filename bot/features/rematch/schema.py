"""Each finished game's rematch offer, its answers, and the game it started."""

from __future__ import annotations

from sqlalchemy import Column, Index

from bot.features.rematch.states import RematchState
from bot.storage.schema.columns import (
    Id,
    a_count,
    a_time,
    an_id,
    flag,
    game_table,
    key,
    message,
    one_of,
    since,
    where,
)

rematch_offers = game_table(
    "rematch_offers",
    *message(),
    an_id("offered_by"),
    a_time("offered_at"),
    a_time("expires_at"),
    one_of("state", tuple(RematchState)),
    Column("new_game_id", Id),
    # Each change of the offer or its answers counts here; its message shows ``shown``.
    a_count("version", info=since(18)),
    a_count("shown", info=since(18)),
    since=15,
)
Index(
    "rematch_offers_open",
    rematch_offers.c.expires_at,
    **where(rematch_offers.c.state == RematchState.OPEN),
)

rematch_answers = game_table(
    "rematch_answers",
    key("user_id"),
    flag("accepted"),
    a_time("answered_at"),
    since=15,
)
