"""Hints: the games opened with them, and each position a player asked a hint in, with
the judge's weighing kept once."""

from __future__ import annotations

from sqlalchemy import Column, Integer, Text

from bot.storage.schema.columns import a_time, game_table

# A game its host opened with hints, kept as its lobby was made: a setting changed later
# changes nothing for it, and a game without a row never has them.
hint_games = game_table("hint_games", a_time("made_at"), since=27)

# A position (the game's version) in which a seat asked a hint: one row however often it
# asked there, which is what the result counts. ``weighed`` is the judge's weighing of
# its options (``Weighed.to_json``), kept so that a second press, in any process, shows
# the same at once; NULL where the seat had nothing to decide.
hints = game_table(
    "hints",
    Column("version", Integer, primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("weighed", Text),
    a_time("asked_at"),
    since=27,
)
