"""Each player's drills, the finished games whose drills are made, and each player's
last reminder of their drills due."""

from __future__ import annotations

from sqlalchemy import Column, Index, Integer, Text

from bot.storage.migrations import Step, feature_step
from bot.storage.schema.columns import (
    Id,
    Real,
    a_count,
    a_game,
    a_time,
    an_id,
    flag,
    game_table,
    identity,
    key,
    message,
    since,
    table,
    where,
)

drills = table(
    "drills",
    identity(),
    an_id("user_id"),
    Column("kind", Text, nullable=False),
    # The position as the player's seat saw it (``Analyst.seen``), hashed: a drill is a
    # position, met again in a later game or not, and the text may be longer than an
    # index takes.
    Column("position", Text, nullable=False),
    Column("seat", Integer, nullable=False),
    # The whole position as the game's rules keep one (its JSON): only its player is ever
    # shown it, and only what their seat saw.
    Column("state", Text, nullable=False),
    # Its options and their worths (``Weighed.to_json``).
    Column("weighed", Text, nullable=False),
    Column("chosen", Text, nullable=False),
    # The latest game it was met in; NULL once that game is no longer kept.
    a_game(),
    an_id("guild_id"),
    Column("move", Integer, nullable=False),
    # When that game ended: a game made later but ended earlier leaves the drill as the
    # later one left it.
    a_time("met_at"),
    # Before FSRS, right answers in a row (where on the ladder of waits it stood) and
    # when it was retired: read once, as its card is made (``queries.carried_cards``), which
    # leaves retired_at NULL (the due index keeps its condition).
    a_count("rung"),
    # When it is asked again: its FSRS card's due.
    a_time("due_at"),
    Column("retired_at", Real),
    a_count("version"),
    a_time("made_at"),
    # Its FSRS card (``schedule``): NULL stability and difficulty before its first
    # answer, NULL state in a drill the ladder kept and not carried over yet.
    Column("stability", Real, info=since(33)),
    Column("difficulty", Real, info=since(33)),
    Column("card_state", Integer, info=since(33)),
    Column("card_step", Integer, info=since(33)),
    Column("reviewed_at", Real, info=since(33)),
    # The version its options' costs were last shown at: an answer right at that version
    # is rated Hard.
    Column("hinted_version", Integer, info=since(33)),
    # What kind of decision it is (``Analyst.theme``); NULL in a drill made before
    # themes, until the service works it out in Python, once (a step can only run SQL).
    Column("theme", Text, info=since(34)),
    since=27,
)
Index("drills_by_position", drills.c.user_id, drills.c.kind, drills.c.position, unique=True)
Index(
    "drills_due",
    drills.c.user_id,
    drills.c.due_at,
    **where(drills.c.retired_at.is_(None)),
)
Index("drills_by_game", drills.c.game_id)

drill_games = game_table(
    "drill_games",
    # How many of its decisions became drills (or joined one), for the figures.
    a_count("drills"),
    a_time("made_at"),
    since=27,
)
"""The finished games whose drills are made: each once, whichever process makes them."""

drill_reminders = table(
    "drill_reminders",
    key("user_id"),
    # The player's last day reminded, or let go because nothing was due (the date in
    # their time zone, as an ordinal): none goes again that day.
    Column("day", Integer, nullable=False),
    # That day's reminder is decided and not yet posted: a start posts it.
    flag("owed", default=False),
    since=27,
)
"""Each player's last drills' reminder (``bot.features.drills.reminders``), and whether
it is still to be posted."""

# 33: drills scheduled by FSRS: each drill's card, and the version its costs were shown
# at. The ladder's drills are carried over by the service, which makes their cards in
# Python (``queries.carried_cards``).
feature_step(33, Step())

# 34: drills' themes: each drill's kind of decision, worked out by its game's analyst,
# in Python, as a drill made before is next read.
feature_step(34, Step())

# The position of the day (``bot.features.drills.daily``): a server's day's position,
# decided once, and its members' answers.
daily_posts = table(
    "daily_posts",
    key("guild_id"),
    # The day (UTC), as an ordinal: one row a day, written once, by whichever process
    # decides it first.
    key("day"),
    *message(),
    # Decided and not yet posted: a start posts it.
    flag("owed", default=False),
    # The drill the position was taken from, as it stood that day (NULL, and the rest
    # with it: a quiet day, with no position to post or no channel to post in).
    Column("drill_id", Id),
    Column("position", Text),
    Column("kind", Text),
    Column("seat", Integer),
    Column("state", Text),
    Column("weighed", Text),
    Column("chosen", Text),
    a_game(),
    Column("move", Integer),
    Column("user_id", Id),
    since=35,
)
"""Each server's position of each day, posted once."""

daily_answers = table(
    "daily_answers",
    key("guild_id"),
    key("day"),
    key("user_id"),
    Column("option", Text, nullable=False),
    flag("correct"),
    a_time("answered_at"),
    since=35,
)
"""Each member's one answer to a day's position."""

# 35: each server's position of the day, and its members' answers.
feature_step(35, Step())
