"""Each finished game's report once made, where it was shared, and each seat's figures
from it (what a player's form over many games is read from), with the migration step
that brought those."""

from __future__ import annotations

from sqlalchemy import Column, Index, Integer, Text

from bot.storage.migrations import Step, feature_step
from bot.storage.schema.columns import Id, Real, a_time, game_table
from bot.storage.schema.shares import shares_table

# Judging a game takes seconds of CPU: it is done once, and the report kept for good
# (a finished game never changes), until the report's make changes.
analyses = game_table(
    "analyses",
    Column("report", Text, nullable=False),
    a_time("made_at"),
    since=22,
)

shared_analyses = shares_table("shared_analyses", 22)

# Written with the report (and again with a report made again), so that a player's
# decisions and luck over many games are summed by the database, not by reading every
# report: ``chance_lost``, the chance to win their judged decisions cost; ``luck``, what
# the chance events gave them; ``result``, 1 for a win, 1/k of a k-way shared one, 0 for
# a loss (a seat's team's, in a game of teams).
analysis_seats = game_table(
    "analysis_seats",
    Column("seat", Integer, primary_key=True),
    Column("user_id", Id),
    Column("level", Text),
    Column("decisions", Integer, nullable=False),
    Column("chance_lost", Real, nullable=False),
    Column("luck", Real, nullable=False),
    Column("result", Real, nullable=False),
    since=29,
)
# A player's form reads their rows alone.
Index("analysis_seats_by_player", analysis_seats.c.user_id)

# 29: each judged game's figures per seat (a human's, or a computer player's level):
# its decisions, the chance to win they cost, its luck and its result. Reports made
# before weigh neither luck nor decisions in chance to win: each is judged again when
# next asked for, which writes its rows (none is judged in a batch that holds the bot).
feature_step(29, Step())
